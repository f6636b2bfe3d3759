package io.latencylab.load.jmeter;

import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PlanChangesTests {

	@Test
	void anEmptyHeaderRowIsDroppedAndSaid() throws Exception {
		HashTree plan = Plans.load(Plans.testPlan("empty-header-row.jmx"));
		assertThat(headers(plan)).isEqualTo(2);
		assertThat(PlanChanges.dropEmptyHeaderNames(plan)).singleElement()
			.asString()
			.startsWith("dropped 1 header row with an empty name from \"HTTP Header Manager\"");
		assertThat(headers(plan)).isEqualTo(1);
		assertThat(PlanChanges.dropEmptyHeaderNames(plan)).isEmpty();
	}

	private static int headers(HashTree plan) {
		SearchByClass<HeaderManager> search = new SearchByClass<>(HeaderManager.class);
		plan.traverse(search);
		return search.getSearchResults().stream().mapToInt(HeaderManager::size).sum();
	}

}
