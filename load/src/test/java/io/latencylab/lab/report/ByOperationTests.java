package io.latencylab.lab.report;

import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ByOperationTests {

	@Test
	void aGroupsPopulationIsDroppedAndItsHistogramsAdded() {
		Map<String, Histogram> byGroup = new LinkedHashMap<>();
		byGroup.put("japan: rest get", histogram(1000, 2000));
		byGroup.put("canada: rest get", histogram(3000));
		byGroup.put("japan: rest order", histogram(500));
		byGroup.put("warm-up", histogram(10));
		Map<String, Histogram> byOperation = Report.byOperation(byGroup);
		assertThat(byOperation).containsOnlyKeys("rest get", "rest order", "warm-up");
		assertThat(byOperation.get("rest get").getTotalCount()).isEqualTo(3);
		assertThat(byOperation.get("rest get").getMaxValue()).isEqualTo(byGroup.get("canada: rest get").getMaxValue());
		assertThat(byOperation.get("rest get").getMinValue()).isEqualTo(byGroup.get("japan: rest get").getMinValue());
		// The groups' own histograms are left as they were.
		assertThat(byGroup.get("japan: rest get").getTotalCount()).isEqualTo(2);
	}

	private static Histogram histogram(long... micros) {
		Histogram h = new Histogram(3);
		for (long value : micros) {
			h.recordValue(value);
		}
		return h;
	}

}
