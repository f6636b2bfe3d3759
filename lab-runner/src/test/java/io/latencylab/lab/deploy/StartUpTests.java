package io.latencylab.lab.deploy;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StartUpTests {

	@Test
	void theLastStartALogHoldsGivesTheJvmsPhaseAndTheContextsPhase() {
		// Two starts in one log (a restart); Spring Boot's own lines, as a bare service's log has them.
		String log = """
				2026-11-24T21:30:01.000Z  INFO 6500 --- [catalog-service] [main] i.l.t.catalog.CatalogServiceApplication  : Started CatalogServiceApplication in 9.000 seconds (process running for 10.500)
				2026-11-24T21:34:10.000Z  INFO 6593 --- [catalog-service] [main] o.s.b.w.e.tomcat.TomcatWebServer  : Tomcat started on port 8091 (http)
				2026-11-24T21:34:11.581Z  INFO 6593 --- [catalog-service] [main] i.l.t.catalog.CatalogServiceApplication  : Started CatalogServiceApplication in 33.587 seconds (process running for 36.075)
				""";
		StartUp.Phases phases = StartUp.phases(log).orElseThrow();
		assertThat(phases.jvmSeconds()).isCloseTo(2.488, within(1e-9));
		assertThat(phases.contextSeconds()).isEqualTo(33.587);
		assertThat(phases.totalSeconds()).isCloseTo(36.075, within(1e-9));
	}

	@Test
	void aServiceThatNeverStartedHasNoPhases() {
		assertThat(StartUp.phases("Error starting ApplicationContext\n")).isEmpty();
	}

}
