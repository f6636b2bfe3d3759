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
		// As the latency logs tag them: no spaces.
		byGroup.put("japan:_rest_get", histogram(1000, 2000));
		byGroup.put("canada:_rest_get", histogram(3000));
		byGroup.put("japan:_rest_order", histogram(500));
		byGroup.put("warm-up", histogram(10));
		Map<String, Histogram> byOperation = Report.byOperation(byGroup);
		assertThat(byOperation).containsOnlyKeys("rest get", "rest order", "warm-up");
		assertThat(byOperation.get("rest get").getTotalCount()).isEqualTo(3);
		assertThat(byOperation.get("rest get").getMaxValue()).isEqualTo(byGroup.get("canada:_rest_get").getMaxValue());
		assertThat(byOperation.get("rest get").getMinValue()).isEqualTo(byGroup.get("japan:_rest_get").getMinValue());
		// The groups' own histograms are left as they were.
		assertThat(byGroup.get("japan:_rest_get").getTotalCount()).isEqualTo(2);
	}

	private static Histogram histogram(long... micros) {
		Histogram h = new Histogram(3);
		for (long value : micros) {
			h.recordValue(value);
		}
		return h;
	}

}
