package io.latencylab.plan;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The lines the runner and a load generator exchange, read back as they were written. */
class InjectorProtocolTests {

	@Test
	void aCommandReadsBackAsWritten() {
		InjectorCommand command = new InjectorCommand(Map.of("lab.toystore.clients", "5", "lab.note", "a \"quoted\"\nline"),
				List.of("-s", "io.latencylab.load.toystore.ToyStoreSimulation"), "/tmp/steps/01-a/gatling.log");
		assertThat(command.line()).doesNotContain("\n").startsWith("{");
		assertThat(InjectorCommand.parse(command.line())).isEqualTo(command);
	}

	@Test
	void anAnswerGivesTheExitAndTheCpuWhereTheGeneratorKnewIt() {
		InjectorAnswer answer = InjectorAnswer.parse(new InjectorAnswer(2, 12.5).line());
		assertThat(answer.exit()).isEqualTo(2);
		assertThat(answer.cpu()).hasValue(12.5);
		assertThat(InjectorAnswer.parse("exit 0 cpu -1.0").cpu()).isEmpty();
		assertThat(InjectorAnswer.parse("exit 1").cpu()).isEmpty();
		assertThat(InjectorAnswer.isAnswer("Simulation done")).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> InjectorAnswer.parse("exit soon"));
	}

}
