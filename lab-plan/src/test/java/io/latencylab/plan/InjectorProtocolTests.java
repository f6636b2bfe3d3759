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
		assertThat(command.startAt()).isZero();
		InjectorCommand timed = new InjectorCommand(Map.of(), List.of(), "/tmp/log", 1_764_400_000_123L);
		assertThat(InjectorCommand.parse(timed.line()).startAt()).isEqualTo(1_764_400_000_123L);
		// A runner of before sent no start: at once.
		assertThat(InjectorCommand.parse("{\"properties\":{},\"args\":[],\"log\":\"/tmp/log\"}").startAt()).isZero();
	}

	@Test
	void anAnswerGivesTheExitAndTheCpuWhereTheGeneratorKnewIt() {
		InjectorAnswer answer = InjectorAnswer.parse(new InjectorAnswer(2, 12.5).line());
		assertThat(answer.exit()).isEqualTo(2);
		assertThat(answer.cpu()).hasValue(12.5);
		assertThat(InjectorAnswer.parse(new InjectorAnswer(0, 1.5, 1_764_400_000_456L).line()).startedAt())
			.isEqualTo(1_764_400_000_456L);
		assertThat(InjectorAnswer.parse("exit 0 cpu 1.5").startedAt()).isZero();
		assertThat(InjectorAnswer.parse("exit 0 cpu -1.0").cpu()).isEmpty();
		assertThat(InjectorAnswer.parse("exit 1").cpu()).isEmpty();
		assertThat(InjectorAnswer.isAnswer("Simulation done")).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> InjectorAnswer.parse("exit soon"));
	}

	@Test
	void progressGivesTheStepsCountsSoFarAndIsNoAnswer() {
		InjectorProgress progress = new InjectorProgress(1_234, 5);
		assertThat(InjectorProgress.isProgress(progress.line())).isTrue();
		assertThat(InjectorProgress.parse(progress.line())).isEqualTo(progress);
		assertThat(InjectorAnswer.isAnswer(progress.line())).isFalse();
		assertThat(InjectorProgress.isProgress(new InjectorAnswer(0, 1.5).line())).isFalse();
		assertThat(InjectorProgress.isProgress(InjectorAnswer.READY)).isFalse();
		assertThatIllegalArgumentException().isThrownBy(() -> InjectorProgress.parse("progress 12"));
		assertThatIllegalArgumentException().isThrownBy(() -> InjectorProgress.parse("progress twelve 0"));
		assertThatIllegalArgumentException().isThrownBy(() -> InjectorProgress.parse("exit 0 cpu 1.5"));
	}

}
