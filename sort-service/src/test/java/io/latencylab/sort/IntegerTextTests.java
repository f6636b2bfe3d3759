package io.latencylab.sort;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class IntegerTextTests {

	private static int[] read(String text, int maxN) throws Exception {
		return IntegerText.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)), SortAlgorithm.JDK,
				maxN);
	}

	@Test
	void readsIntegersSeparatedByAnyWhiteSpace() throws Exception {
		assertThat(read(" 3\t-2\r\n+7\n\n2147483647 -2147483648 -0 ", 100)).containsExactly(3, -2, 7,
				Integer.MAX_VALUE, Integer.MIN_VALUE, 0);
		assertThat(read("", 100)).isEmpty();
		assertThat(read("5", 100)).containsExactly(5);
	}

	@Test
	void namesTheFirstBadTokenAndItsByteOffset() {
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("10 20\n3.5 x", 100))
			.satisfies((ex) -> {
				assertThat(ex.status()).isEqualTo(HttpStatus.BAD_REQUEST);
				assertThat(ex.properties()).containsEntry("tokenIndex", 2L).containsEntry("byteOffset", 6L)
					.containsEntry("token", "3.5");
			});
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("1 2147483648", 100))
			.satisfies((ex) -> assertThat(ex.properties()).containsEntry("token", "2147483648"));
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("1 - 2", 100))
			.satisfies((ex) -> assertThat(ex.properties()).containsEntry("tokenIndex", 1L));
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("1,2", 100));
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("99999999999999999999", 100));
	}

	@Test
	void stopsAtTheLimitWithA413NamingIt() {
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("1 2 3 4", 3))
			.satisfies((ex) -> {
				assertThat(ex.status()).isEqualTo(HttpStatus.PAYLOAD_TOO_LARGE);
				assertThat(ex.getMessage()).contains("at most 3").contains("sort.max-n.jdk");
			});
	}

	@Test
	void writesOneIntegerALineAndReadsItBack() throws Exception {
		int[] values = new SplittableRandom(4).ints(5000).toArray();
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		IntegerText.write(values, out);
		assertThat(out.toString(StandardCharsets.US_ASCII)).startsWith(values[0] + "\n" + values[1] + "\n");
		assertThat(read(out.toString(StandardCharsets.US_ASCII), 10_000)).containsExactly(values);
	}

	@Test
	void readsIntegersOfEveryLengthWhereverTheyStand() throws Exception {
		StringBuilder text = new StringBuilder();
		java.util.List<Integer> expected = new java.util.ArrayList<>();
		String digits = "1234567890";
		for (int length = 1; length <= 10; length++) {
			for (String sign : new String[] { "", "-", "+" }) {
				long value = Long.parseLong(digits.substring(0, length));
				if (value <= Integer.MAX_VALUE) {
					text.append(sign).append(digits, 0, length).append((length % 2 == 0) ? "\n" : " \t");
					expected.add((int) (sign.equals("-") ? -value : value));
				}
			}
		}
		text.append("00000000007 -0000000008 2147483647");
		expected.addAll(java.util.List.of(7, -8, Integer.MAX_VALUE));
		assertThat(read(text.toString(), 1000)).containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("1 123456789x 3", 100))
			.satisfies((ex) -> assertThat(ex.properties()).containsEntry("token", "123456789x"));
		assertThatExceptionOfType(SortRequestException.class).isThrownBy(() -> read("1 12345678:9 3", 100))
			.satisfies((ex) -> assertThat(ex.properties()).containsEntry("token", "12345678:9"));
	}

	@Test
	void readsTheSameWhenTheBodyArrivesAFewBytesAtATime() throws Exception {
		byte[] text = " 12 -345\n+6789 2147483647\n-2147483648 0 ".getBytes(StandardCharsets.US_ASCII);
		assertThat(IntegerText.read(trickle(text, 3), SortAlgorithm.JDK, 100)).containsExactly(12, -345, 6789,
				Integer.MAX_VALUE, Integer.MIN_VALUE, 0);
		byte[] bad = "1 2 12345678901234567890123456789012345x 4".getBytes(StandardCharsets.US_ASCII);
		assertThatExceptionOfType(SortRequestException.class)
			.isThrownBy(() -> IntegerText.read(trickle(bad, 5), SortAlgorithm.JDK, 100))
			.satisfies((ex) -> assertThat(ex.properties()).containsEntry("tokenIndex", 2L)
				.containsEntry("byteOffset", 4L)
				.containsEntry("token", "12345678901234567890123456789012"));
	}

	@Test
	void writesEveryIntegerAsJavaPrintsIt() throws Exception {
		int[] values = { 0, -1, 9, 10, -10, 99, 100, 999_999_999, 1_000_000_000, Integer.MAX_VALUE, Integer.MIN_VALUE };
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		IntegerText.write(values, out);
		StringBuilder expected = new StringBuilder();
		for (int value : values) {
			expected.append(value).append('\n');
		}
		assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo(expected.toString());
	}

	private static java.io.InputStream trickle(byte[] bytes, int chunk) {
		return new ByteArrayInputStream(bytes) {
			@Override
			public synchronized int read(byte[] buffer, int offset, int length) {
				return super.read(buffer, offset, Math.min(length, chunk));
			}
		};
	}

}
