package io.latencylab.load.jmeter;

import java.util.ArrayList;
import java.util.List;

import io.latencylab.plan.StudyPlanRequests;
import io.latencylab.plan.StudyPlanRequests.StudyRequest;
import org.apache.jmeter.assertions.ResponseAssertion;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seed 000's JMeter plans send what the lab's Gatling study mix sends ({@link StudyPlanRequests}):
 * the same samplers in the same order, each with the same method, path and body, and where the
 * study's service answered a status other than 2xx the plan accepts it as the mix does.
 */
class StudyPlansTests {

	@Test
	void theSoapPlanSendsTheStudysSoapRequests() throws Exception {
		assertSameRequests(Plans.load(Plans.studyPlan("seed-000-soap.jmx")), StudyPlanRequests.soap());
	}

	@Test
	void theRestPlanSendsTheStudysRestRequests() throws Exception {
		HashTree plan = Plans.load(Plans.studyPlan("seed-000-rest.jmx"));
		assertSameRequests(plan, StudyPlanRequests.rest());
		SearchByClass<ResponseAssertion> assertions = new SearchByClass<>(ResponseAssertion.class);
		plan.traverse(assertions);
		assertThat(assertions.getSearchResults()).singleElement().satisfies((assertion) -> {
			assertThat(assertion.getAssumeSuccess()).isTrue();
			List<String> accepted = new ArrayList<>();
			assertion.getTestStrings().forEach((status) -> accepted.add(status.getStringValue()));
			assertThat(accepted).containsExactly("204", "404");
		});
	}

	@Test
	void neitherPlanNeedsAChange() throws Exception {
		for (String plan : List.of("seed-000-soap.jmx", "seed-000-rest.jmx")) {
			assertThat(PlanChanges.dropEmptyHeaderNames(Plans.load(Plans.studyPlan(plan)))).isEmpty();
		}
	}

	private static void assertSameRequests(HashTree plan, List<StudyRequest> expected) {
		SearchByClass<HTTPSamplerProxy> samplers = new SearchByClass<>(HTTPSamplerProxy.class);
		plan.traverse(samplers);
		List<List<String>> sent = new ArrayList<>();
		for (HTTPSamplerProxy sampler : samplers.getSearchResults()) {
			String body = sampler.getPostBodyRaw() ? sampler.getArguments().getArgument(0).getValue() : null;
			sent.add(java.util.Arrays.asList(sampler.getName(), sampler.getMethod(), sampler.getPath(), body));
		}
		List<List<String>> meant = expected.stream()
			.map((r) -> java.util.Arrays.asList(r.name(), r.method(), r.path(), r.body()))
			.toList();
		assertThat(sent).isEqualTo(meant);
	}

}
