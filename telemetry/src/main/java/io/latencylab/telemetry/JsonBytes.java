package io.latencylab.telemetry;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * JSON written token by token straight into a byte buffer, UTF-8, strings escaped as Jackson
 * escapes them: what {@link OtlpSpanJson} writes a batch of spans with. A comma goes before a key or
 * a value unless it is the first in its object or array. Not thread-safe.
 */
final class JsonBytes {

	private static final byte[] HEX = "0123456789abcdef".getBytes();

	private static final int INITIAL_BUFFER = 64 * 1024;

	/** A batch with a huge attribute grows the buffer; past this it is not kept for the next one. */
	private static final int MAX_KEPT_BUFFER = 4 * 1024 * 1024;

	private byte[] buffer = new byte[INITIAL_BUFFER];

	private int length;

	void reset() {
		this.length = 0;
	}

	int length() {
		return this.length;
	}

	/** The bytes from {@code from} to the end, taken out: the buffer ends at {@code newEnd} again. */
	byte[] cut(int from, int newEnd) {
		byte[] taken = Arrays.copyOfRange(this.buffer, from, this.length);
		this.length = newEnd;
		return taken;
	}

	void writeTo(OutputStream out) throws IOException {
		out.write(this.buffer, 0, this.length);
	}

	/** After a batch with a huge attribute, a buffer of the usual size again. */
	void shrinkIfHuge() {
		if (this.buffer.length > MAX_KEPT_BUFFER) {
			this.buffer = new byte[INITIAL_BUFFER];
		}
	}

	void optionalString(String name, String value) {
		if (value != null && !value.isEmpty()) {
			key(name);
			string(value);
		}
	}

	/** fixed64 and int64 are strings in OTLP JSON; zero, the default, is left out. */
	void optionalFixed64(String name, long value) {
		if (value != 0) {
			key(name);
			quoted(Long.toString(value));
		}
	}

	void optionalNumber(String name, int value) {
		if (value != 0) {
			key(name);
			number(value);
		}
	}

	void number(int value) {
		raw(Integer.toString(value));
	}

	/** A field's name, after a comma unless it is the first in its object. */
	void key(String name) {
		separate();
		ensure(name.length() + 3);
		this.buffer[this.length++] = '"';
		for (int i = 0; i < name.length(); i++) {
			this.buffer[this.length++] = (byte) name.charAt(i);
		}
		this.buffer[this.length++] = '"';
		this.buffer[this.length++] = ':';
	}

	/** An object or array opens; in an array, after a comma unless it is the first element. */
	void open(char bracket) {
		separate();
		raw(bracket);
	}

	void close(char bracket) {
		raw(bracket);
	}

	private void separate() {
		byte last = this.buffer[this.length - 1];
		if (last != '{' && last != '[' && last != ':') {
			raw(',');
		}
	}

	/** An id or a number in quotes: ASCII with nothing to escape. */
	void quoted(String ascii) {
		ensure(ascii.length() + 2);
		this.buffer[this.length++] = '"';
		for (int i = 0; i < ascii.length(); i++) {
			this.buffer[this.length++] = (byte) ascii.charAt(i);
		}
		this.buffer[this.length++] = '"';
	}

	/** A JSON string in UTF-8: quote, backslash and control characters escaped, as Jackson does. */
	void string(String value) {
		ensure(value.length() * 6 + 2);
		byte[] out = this.buffer;
		int at = this.length;
		out[at++] = '"';
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
				out[at++] = (byte) c;
			}
			else if (c == '"' || c == '\\') {
				out[at++] = '\\';
				out[at++] = (byte) c;
			}
			else if (c < 0x20) {
				at = escape(out, at, c);
			}
			else if (c < 0x800) {
				out[at++] = (byte) (0xC0 | (c >> 6));
				out[at++] = (byte) (0x80 | (c & 0x3F));
			}
			else if (Character.isHighSurrogate(c) && i + 1 < value.length()
					&& Character.isLowSurrogate(value.charAt(i + 1))) {
				int cp = Character.toCodePoint(c, value.charAt(++i));
				out[at++] = (byte) (0xF0 | (cp >> 18));
				out[at++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
				out[at++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
				out[at++] = (byte) (0x80 | (cp & 0x3F));
			}
			else if (Character.isSurrogate(c)) {
				at = escape(out, at, c); // a lone surrogate has no UTF-8 form
			}
			else {
				out[at++] = (byte) (0xE0 | (c >> 12));
				out[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
				out[at++] = (byte) (0x80 | (c & 0x3F));
			}
		}
		out[at++] = '"';
		this.length = at;
	}

	private static int escape(byte[] out, int at, char c) {
		out[at++] = '\\';
		switch (c) {
			case '\n' -> out[at++] = 'n';
			case '\r' -> out[at++] = 'r';
			case '\t' -> out[at++] = 't';
			case '\b' -> out[at++] = 'b';
			case '\f' -> out[at++] = 'f';
			default -> {
				out[at++] = 'u';
				out[at++] = HEX[(c >> 12) & 0xF];
				out[at++] = HEX[(c >> 8) & 0xF];
				out[at++] = HEX[(c >> 4) & 0xF];
				out[at++] = HEX[c & 0xF];
			}
		}
		return at;
	}

	void raw(String ascii) {
		ensure(ascii.length());
		for (int i = 0; i < ascii.length(); i++) {
			this.buffer[this.length++] = (byte) ascii.charAt(i);
		}
	}

	void raw(char c) {
		ensure(1);
		this.buffer[this.length++] = (byte) c;
	}

	void bytes(byte[] json) {
		separate();
		ensure(json.length);
		System.arraycopy(json, 0, this.buffer, this.length, json.length);
		this.length += json.length;
	}

	private void ensure(int more) {
		if (this.length + more > this.buffer.length) {
			this.buffer = Arrays.copyOf(this.buffer, Math.max(this.buffer.length * 2, this.length + more));
		}
	}

}
