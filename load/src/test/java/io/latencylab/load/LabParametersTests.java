package io.latencylab.load;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LabParametersTests {

	@Test
	void readsEveryKindOfParameterWithItsDefault() {
		LabParameters parameters = LabParameters.of("a", "7", "b", "0.25", "c", "1,2, 4", "d", "5m", "e", "250ms", "f", "30");
		assertThat(parameters.integer("a", 1)).isEqualTo(7);
		assertThat(parameters.integer("missing", 3)).isEqualTo(3);
		assertThat(parameters.decimal("b", 0)).isEqualTo(0.25);
		assertThat(parameters.integers("c", "9")).containsExactly(1, 2, 4);
		assertThat(parameters.integers("missing", "1,2,3,4,5")).containsExactly(1, 2, 3, 4, 5);
		assertThat(parameters.duration("d", Duration.ZERO)).isEqualTo(Duration.ofMinutes(5));
		assertThat(parameters.duration("e", Duration.ZERO)).isEqualTo(Duration.ofMillis(250));
		assertThat(parameters.duration("f", Duration.ZERO)).isEqualTo(Duration.ofSeconds(30));
		assertThat(parameters.duration("missing", Duration.ofSeconds(20))).isEqualTo(Duration.ofSeconds(20));
	}

	@Test
	void targetsDefaultToThisMachineAndCanPointElsewhere() {
		assertThat(LabParameters.of().toyStoreUrl()).isEqualTo("http://127.0.0.1:8080");
		assertThat(LabParameters.of("lab.meals.soap.url", "http://10.1.2.3:8081").mealsSoapUrl()).isEqualTo("http://10.1.2.3:8081");
		assertThat(LabParameters.of().runId()).startsWith("run-");
	}

	@Test
	void badValuesAreRefusedNamingTheProperty() {
		assertThatIllegalArgumentException().isThrownBy(() -> LabParameters.of("lab.toystore.clients", "five").integer("lab.toystore.clients", 1))
			.withMessageContaining("lab.toystore.clients");
		assertThatIllegalArgumentException().isThrownBy(() -> LabParameters.of("d", "soon").duration("d", Duration.ZERO))
			.withMessageContaining("d must be a duration");
		assertThatIllegalArgumentException().isThrownBy(() -> LabParameters.of("c", "1,x").integers("c", "1"));
	}

	@Test
	void traceparentsAreW3cAndFreshEachTime() {
		Traceparent one = Traceparent.random();
		assertThat(one.header()).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
		assertThat(Traceparent.random().traceId()).isNotEqualTo(one.traceId());
	}

}
