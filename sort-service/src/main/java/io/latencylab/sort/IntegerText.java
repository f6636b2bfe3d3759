package io.latencylab.sort;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The study's file format: 32-bit integers separated by white space (its files have one a line).
 * Read and written as streams, a buffer at a time, digit by digit: no string or object per
 * integer, so that parsing and writing cost little beside the sort itself (issue: request time
 * within twice the sort phase).
 */
final class IntegerText {

	private static final int BUFFER = 64 * 1024;

	// A token's echo in a 400 is cut here; a valid one is at most a sign and ten digits, with
	// leading zeros up to eleven characters in all.
	private static final int MAX_TOKEN_ECHO = 32;

	private static final int MAX_TOKEN_LENGTH = 11;

	// For reading eight digits at once (leadingDigits, eightDigits).
	private static final VarHandle LITTLE_ENDIAN_LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
			ByteOrder.LITTLE_ENDIAN);

	private static final long ZEROS = 0x3030303030303030L;

	private static final long[] POWERS_OF_TEN = { 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
			100_000_000 };

	private static final long HIGH_NIBBLES = 0xF0F0F0F0F0F0F0F0L;

	private static final long LOW_SEVEN_BITS = 0x7F7F7F7F7F7F7F7FL;

	// The two digits of 0 to 99, for writing.
	private static final byte[] TENS = new byte[100];

	private static final byte[] ONES = new byte[100];

	static {
		for (int i = 0; i < 100; i++) {
			TENS[i] = (byte) ('0' + i / 10);
			ONES[i] = (byte) ('0' + i % 10);
		}
	}

	private IntegerText() {
	}

	/**
	 * Reads every integer of {@code in}. Stops with 413 as soon as there are more than
	 * {@code maxN}, and with 400 naming the token and its byte offset at the first bad one.
	 */
	static int[] read(InputStream in, SortAlgorithm algorithm, int maxN) throws IOException {
		Tokens tokens = new Tokens(algorithm, maxN);
		byte[] buffer = new byte[BUFFER];
		for (int read = in.read(buffer); read != -1; read = in.read(buffer)) {
			tokens.feed(buffer, read);
		}
		tokens.end();
		return tokens.values.toArray();
	}

	/** One integer a line, as the study's files. */
	static void write(int[] values, OutputStream out) throws IOException {
		byte[] buffer = new byte[BUFFER];
		int position = 0;
		for (int value : values) {
			if (position > buffer.length - 12) {
				out.write(buffer, 0, position);
				position = 0;
			}
			position = putDecimal(value, buffer, position);
			buffer[position++] = '\n';
		}
		out.write(buffer, 0, position);
		out.flush();
	}

	/**
	 * Writes {@code value} in decimal at {@code position}, two digits a division as the JDK's own
	 * {@code Integer.toString} does, and answers the position after it. Works on the negative of
	 * the value, which holds {@link Integer#MIN_VALUE} too.
	 */
	private static int putDecimal(int value, byte[] buffer, int position) {
		int negative = (value < 0) ? value : -value;
		if (value < 0) {
			buffer[position++] = '-';
		}
		int end = position + digits(negative);
		int at = end;
		while (negative <= -100) {
			int quotient = negative / 100;
			int pair = quotient * 100 - negative;
			negative = quotient;
			buffer[--at] = ONES[pair];
			buffer[--at] = TENS[pair];
		}
		if (negative <= -10) {
			buffer[--at] = ONES[-negative];
			buffer[--at] = TENS[-negative];
		}
		else {
			buffer[--at] = (byte) ('0' - negative);
		}
		return end;
	}

	/** The number of digits of a value given as its negative (zero or less). */
	private static int digits(int negative) {
		int bound = -10;
		for (int digits = 1; digits < 10; digits++) {
			if (negative > bound) {
				return digits;
			}
			bound *= 10;
		}
		return 10;
	}

	/**
	 * How many of the eight bytes of {@code word} (the first in its lowest byte) are ASCII digits
	 * before the first that is not. A byte is a digit when its high nibble is 3 both as it is and
	 * plus 6; a carry out of a byte that is not a digit can only change the bytes after it.
	 */
	private static int leadingDigits(long word) {
		long notDigits = ((word & HIGH_NIBBLES) ^ ZEROS) | (((word + 0x0606060606060606L) & HIGH_NIBBLES) ^ ZEROS);
		long nonZeroBytes = (((notDigits & LOW_SEVEN_BITS) + LOW_SEVEN_BITS) | notDigits) & ~LOW_SEVEN_BITS;
		return Long.numberOfTrailingZeros(nonZeroBytes) >>> 3;
	}

	/**
	 * The value of the first {@code count} (0 to 8) ASCII digits of {@code word}, the first in its
	 * lowest byte. They are moved up to the highest bytes, which leaves zeros before them, and read
	 * as eight: pairs, then fours, then the eight, by three multiplications (Lemire, "Fast number
	 * parsing", as in fast_float).
	 */
	private static long eightDigits(long word, int count) {
		// In two shifts, so that a count of 0 shifts by 64 in all and leaves nothing.
		int half = 32 - 4 * count;
		long digits = ((word - ZEROS) << half) << half;
		long pairs = (digits * 10) + (digits >>> 8);
		return (((pairs & 0x000000FF000000FFL) * (100 + (1000000L << 32)))
				+ (((pairs >>> 16) & 0x000000FF000000FFL) * (1 + (10000L << 32)))) >>> 32;
	}

	/** The parser's state across buffers: the integers so far and the token it is inside. */
	private static final class Tokens {

		private final IntArrayBuilder values = new IntArrayBuilder();

		private final SortAlgorithm algorithm;

		private final int maxN;

		private long bufferOffset;

		private long index;

		private boolean inToken;

		private long tokenOffset;

		private int tokenStart;

		private int length;

		private int digits;

		private boolean negative;

		private boolean bad;

		private long magnitude;

		// The part of the current token that came in earlier buffers, for its echo in a 400.
		private final byte[] carried = new byte[MAX_TOKEN_ECHO];

		private int carriedLength;

		Tokens(SortAlgorithm algorithm, int maxN) {
			this.algorithm = algorithm;
			this.maxN = maxN;
		}

		void feed(byte[] buffer, int count) {
			int i = this.inToken ? slowToken(buffer, 0, count) : 0;
			// The fast path: a whole valid token inside the buffer, read in one tight loop. A token
			// that is bad, or that may go on in the next buffer, is read again by the slow path.
			while (i < count) {
				byte b = buffer[i];
				if (isSpace(b)) {
					i++;
					continue;
				}
				int start = i;
				boolean negative = (b == '-');
				if (negative || b == '+') {
					i++;
				}
				int digitsStart = i;
				long magnitude = 0;
				if (i + 2 * Long.BYTES <= count) {
					// Up to sixteen digits as two longs, without a branch on how many there are:
					// a branch that the lengths of random numbers make the processor mispredict.
					long first = (long) LITTLE_ENDIAN_LONG.get(buffer, i);
					long second = (long) LITTLE_ENDIAN_LONG.get(buffer, i + Long.BYTES);
					int inFirst = leadingDigits(first);
					int inSecond = leadingDigits(second) & -(inFirst >>> 3);
					magnitude = eightDigits(first, inFirst) * POWERS_OF_TEN[inSecond] + eightDigits(second, inSecond);
					i += inFirst + inSecond;
				}
				else {
					for (int digit; i < count && (digit = buffer[i] - '0') >= 0 && digit <= 9; i++) {
						magnitude = magnitude * 10 + digit;
					}
				}
				int digits = i - digitsStart;
				long value = negative ? -magnitude : magnitude;
				if (i == count || !isSpace(buffer[i]) || digits == 0 || i - start > MAX_TOKEN_LENGTH
						|| value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
					i = slowToken(buffer, start, count);
					continue;
				}
				add((int) value);
			}
			if (this.inToken) {
				carry(buffer, this.tokenStart, count);
				this.tokenStart = 0;
			}
			this.bufferOffset += count;
		}

		/**
		 * Reads one token byte by byte from {@code from}, or goes on with the one the last buffer
		 * ended in: up to its end (answers the index after it) or the buffer's (answers
		 * {@code count}, the token still open).
		 */
		private int slowToken(byte[] buffer, int from, int count) {
			for (int i = from; i < count; i++) {
				byte b = buffer[i];
				if (b >= '0' && b <= '9') {
					if (!this.inToken) {
						start(i);
					}
					this.length++;
					if (++this.digits <= MAX_TOKEN_LENGTH) {
						this.magnitude = this.magnitude * 10 + (b - '0');
					}
				}
				else if (isSpace(b)) {
					if (this.inToken) {
						finish(buffer, i);
						return i + 1;
					}
				}
				else if (!this.inToken) {
					// A sign may only open a token.
					start(i);
					this.length = 1;
					this.negative = (b == '-');
					this.bad = (b != '-' && b != '+');
				}
				else {
					this.length++;
					this.bad = true;
				}
			}
			return count;
		}

		private static boolean isSpace(byte b) {
			return b == ' ' || b == '\n' || b == '\r' || b == '\t' || b == '\f';
		}

		void end() {
			if (this.inToken) {
				finish(new byte[0], 0);
			}
		}

		private void start(int at) {
			this.inToken = true;
			this.length = 0;
			this.digits = 0;
			this.magnitude = 0;
			this.tokenOffset = this.bufferOffset + at;
			this.tokenStart = at;
			this.negative = false;
			this.bad = false;
			this.carriedLength = 0;
		}

		private void finish(byte[] buffer, int end) {
			this.inToken = false;
			long value = this.negative ? -this.magnitude : this.magnitude;
			if (this.bad || this.digits == 0 || this.length > MAX_TOKEN_LENGTH || value < Integer.MIN_VALUE
					|| value > Integer.MAX_VALUE) {
				carry(buffer, this.tokenStart, end);
				throw SortRequestException.badToken(this.index, this.tokenOffset,
						new String(this.carried, 0, this.carriedLength, StandardCharsets.ISO_8859_1));
			}
			add((int) value);
		}

		private void add(int value) {
			if (this.values.size() == this.maxN) {
				throw SortRequestException.tooMany(this.algorithm, this.maxN);
			}
			this.values.add(value);
			this.index++;
		}

		private void carry(byte[] buffer, int from, int to) {
			int count = Math.min(MAX_TOKEN_ECHO - this.carriedLength, to - from);
			System.arraycopy(buffer, from, this.carried, this.carriedLength, count);
			this.carriedLength += count;
		}

	}

}
