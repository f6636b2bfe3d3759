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

}
