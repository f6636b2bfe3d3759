package io.latencylab.sort;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The study's file format: 32-bit integers separated by white space (its files have one a line).
 * Read and written as streams, a buffer at a time.
 */
final class IntegerText {

	private static final int MAX_TOKEN_ECHO = 32;

	private IntegerText() {
	}

	/**
	 * Reads every integer of {@code in}. Stops with 413 as soon as there are more than
	 * {@code maxN}, and with 400 naming the token and its byte offset at the first bad one.
	 */
	static int[] read(InputStream in, SortAlgorithm algorithm, int maxN) throws IOException {
		IntArrayBuilder values = new IntArrayBuilder();
		byte[] buffer = new byte[16 * 1024];
		StringBuilder token = new StringBuilder();
		long offset = 0;
		long tokenStart = 0;
		long tokenIndex = 0;
		boolean bad = false;
		for (int read = in.read(buffer); read != -1; read = in.read(buffer)) {
			for (int i = 0; i < read; i++, offset++) {
				byte b = buffer[i];
				if (b == ' ' || b == '\n' || b == '\r' || b == '\t' || b == '\f') {
					if (!token.isEmpty()) {
						add(values, token, bad, tokenIndex++, tokenStart, algorithm, maxN);
						token.setLength(0);
						bad = false;
					}
					continue;
				}
				if (token.isEmpty()) {
					tokenStart = offset;
				}
				if (token.length() < MAX_TOKEN_ECHO) {
					token.append((char) (b & 0xff));
				}
				bad |= !((b >= '0' && b <= '9') || ((b == '-' || b == '+') && token.length() == 1));
			}
		}
		if (!token.isEmpty()) {
			add(values, token, bad, tokenIndex, tokenStart, algorithm, maxN);
		}
		return values.toArray();
	}

	private static void add(IntArrayBuilder values, StringBuilder token, boolean bad, long index, long offset,
			SortAlgorithm algorithm, int maxN) {
		String text = token.toString();
		if (bad || text.length() > 11 || text.equals("-") || text.equals("+")) {
			throw SortRequestException.badToken(index, offset, text);
		}
		long value = Long.parseLong(text);
		if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
			throw SortRequestException.badToken(index, offset, text);
		}
		if (values.size() == maxN) {
			throw SortRequestException.tooMany(algorithm, maxN);
		}
		values.add((int) value);
	}

	/** One integer a line, as the study's files. */
	static void write(int[] values, OutputStream out) throws IOException {
		byte[] buffer = new byte[16 * 1024];
		int position = 0;
		for (int value : values) {
			if (position > buffer.length - 13) {
				out.write(buffer, 0, position);
				position = 0;
			}
			byte[] digits = Integer.toString(value).getBytes(StandardCharsets.US_ASCII);
			System.arraycopy(digits, 0, buffer, position, digits.length);
			position += digits.length;
			buffer[position++] = '\n';
		}
		out.write(buffer, 0, position);
		out.flush();
	}

}
