package io.latencylab.plan;


import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ParametersTests {

	@Test
	void readsEveryKindOfParameterWithItsDefault() {
		Parameters p = Parameters.of("a", "7", "b", "0.25", "c", "1,2, 4", "d", "5m", "e", "250ms", "f", "30", "g", "true");
		assertThat(p.get(Parameter.integer("a"), 1)).isEqualTo(7);
		assertThat(p.get(Parameter.integer("missing"), 3)).isEqualTo(3);
		assertThat(p.get(Parameter.decimal("b"), 0.0)).isEqualTo(0.25);
		assertThat(p.get(Parameter.integers("c"), List.of(9))).containsExactly(1, 2, 4);
		assertThat(p.get(Parameter.duration("d"), Duration.ZERO)).isEqualTo(Duration.ofMinutes(5));
		assertThat(p.get(Parameter.duration("e"), Duration.ZERO)).isEqualTo(Duration.ofMillis(250));
		assertThat(p.get(Parameter.duration("f"), Duration.ZERO)).isEqualTo(Duration.ofSeconds(30));
		assertThat(p.get(Parameter.flag("g"), false)).isTrue();
		assertThat(p.get(Operation.list("missing"), List.of(Operation.SORT))).containsExactly(Operation.SORT);
	}

	@Test
	void whatAStepWritesASimulationReadsBack() {
		Parameter<Duration> step = Parameter.duration("lab.x.step");
		Parameter<List<Operation>> operations = Operation.list("lab.x.operations");
		Step written = Step.of("x", "XSimulation")
			.set(step, Duration.ofMillis(1500))
			.set(operations, List.of(Operation.TOY_QUERY, Operation.ENTITY_DELETE))
			.lasting(Duration.ofSeconds(3));
		assertThat(written.properties()).containsEntry("lab.x.step", "1500ms")
			.containsEntry("lab.x.operations", "toy-query,entity-delete");
		assertThat(written.parameters().get(step, null)).isEqualTo(Duration.ofMillis(1500));
		assertThat(written.get(operations)).containsExactly(Operation.TOY_QUERY, Operation.ENTITY_DELETE);
	}

	@Test
	void targetsAreTheServicesOnThisMachineUnlessSetElsewhere() {
		// The project's .env: the frontend's port, written once.
		assertThat(Targets.url(Parameters.of(), Targets.TOY_STORE)).isEqualTo("http://127.0.0.1:8080");
		assertThat(Targets.url(Parameters.of("lab.meals.soap.url", "http://10.1.2.3:8081"), Targets.MEALS_SOAP))
			.isEqualTo("http://10.1.2.3:8081");
		assertThat(Parameters.of().runId()).startsWith("run-");
	}

	@Test
	void badValuesAreRefusedNamingTheParameter() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Parameters.of("lab.toystore.clients", "five").get(Parameter.integer("lab.toystore.clients"), 1))
			.withMessageContaining("lab.toystore.clients must be a whole number");
		assertThatIllegalArgumentException().isThrownBy(() -> Parameters.of("d", "soon").get(Parameter.duration("d"), null))
			.withMessageContaining("d must be a duration");
		assertThatIllegalArgumentException().isThrownBy(() -> Parameters.of("c", "1,x").get(Parameter.integers("c"), null));
		assertThatIllegalArgumentException().isThrownBy(() -> Operation.named("fly")).withMessageContaining("fly");
	}

	@Test
	void aStepWithAParameterOrRenamedKeepsEverythingElse() {
		Parameter<Integer> clients = Parameter.integer("lab.x.clients");
		Parameter<String> label = Parameter.text("lab.x.label");
		Step step = Step.of("x", "XSimulation").set(clients, 1).set(label, "a").lasting(Duration.ofSeconds(3));
		Step changed = step.with(clients, 4).renamed("y");
		assertThat(changed.name()).isEqualTo("y");
		assertThat(changed.simulation()).isEqualTo("XSimulation");
		assertThat(changed.estimate()).isEqualTo(Duration.ofSeconds(3));
		// Set anew in its place: the order a simulation's properties are written in stays.
		assertThat(changed.properties()).containsExactly(Map.entry("lab.x.clients", "4"), Map.entry("lab.x.label", "a"));
		assertThat(step.get(clients)).as("the step it came from").isEqualTo(1);
		assertThat(step.toBuilder().set(label, "b").lasting(Duration.ofSeconds(1)).properties())
			.containsEntry("lab.x.clients", "1").containsEntry("lab.x.label", "b");
	}

}
