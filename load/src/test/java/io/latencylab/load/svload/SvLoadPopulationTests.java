package io.latencylab.load.svload;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Seed 003's objects: the same every time, the study's counts, sizes around 100 KiB. */
class SvLoadPopulationTests {

	private final SvLoadPopulation population = SvLoadPopulation.LAPTOP;

	@Test
	void theSameIndexMakesTheSameObjectAndAnotherIndexAnotherOne() {
		SvLoadPopulation again = new SvLoadPopulation(400, 2_200, 3);
		assertThat(again.body(17)).isEqualTo(this.population.body(17));
		assertThat(again.etag(17)).isEqualTo(this.population.etag(17));
		assertThat(Arrays.equals(this.population.body(17), this.population.body(18))).isFalse();
		assertThat(new SvLoadPopulation(400, 2_200, 4).etag(17)).isNotEqualTo(this.population.etag(17));
	}

	@Test
	void theEtagIsTheMd5OfTheBytesAsTheStoreAnswersIt() throws Exception {
		byte[] body = this.population.body(5);
		assertThat(body).hasSize(this.population.size(5));
		assertThat(this.population.etag(5))
			.isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body)));
	}

	@Test
	void theStudysCountsOneContainerAnAccountAndEveryPathOnce() {
		assertThat(SvLoadPopulation.STUDY.accounts()).isEqualTo(10_000);
		assertThat(SvLoadPopulation.STUDY.objects()).isEqualTo(55_000);
		Set<String> paths = new HashSet<>();
		Set<String> containers = new HashSet<>();
		for (int i = 0; i < this.population.objects(); i++) {
			String path = this.population.path(i);
			assertThat(paths.add(path)).as(path).isTrue();
			containers.add(path.substring(0, path.lastIndexOf('/')));
			assertThat(path).startsWith(this.population.container(i % this.population.accounts()) + "/");
		}
		assertThat(containers).hasSize(this.population.accounts());
		assertThat(SvLoadPopulation.STUDY.path(54_999)).isEqualTo("/v1/AUTH_svload-04999/images/image-54999.jpg");
		assertThatThrownBy(() -> this.population.path(2_200)).isInstanceOf(IndexOutOfBoundsException.class);
	}

	@Test
	void sizesAreLogNormalAroundAHundredKibWithinTheirBounds() {
		int[] sizes = IntStream.range(0, this.population.objects()).map(this.population::size).sorted().toArray();
		assertThat(sizes[0]).isGreaterThanOrEqualTo(8 * 1024);
		assertThat(sizes[sizes.length - 1]).isLessThanOrEqualTo(1024 * 1024);
		assertThat((double) sizes[sizes.length / 2]).isCloseTo(100 * 1024, within(10.0 * 1024));
		// σ 0.6 of the log: the 84th percentile e^0.6 = 1.82 times the median.
		assertThat((double) sizes[(int) (0.84 * sizes.length)] / sizes[sizes.length / 2]).isCloseTo(1.82, within(0.15));
		assertThat(this.population.bytes(0, 2)).isEqualTo((long) this.population.size(0) + this.population.size(1));
	}

}
