package io.latencylab.telemetry;

import java.sql.SQLException;
import java.util.List;

import io.grpc.Status;
import io.grpc.StatusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.grpc.server.exception.GrpcExceptionHandler;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(OutputCaptureExtension.class)
class InternalStatusTests {

	private final InternalStatus handler = new InternalStatus();

	@Test
	void anUnexpectedFailureIsLoggedAndAnsweredInternal(CapturedOutput output) {
		StatusException status = this.handler.handleException(new IllegalStateException("Check constraint invalid",
				new SQLException("The database has been closed", "90098")));
		assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
		assertThat(status.getStatus().getDescription()).isEqualTo("IllegalStateException: Check constraint invalid");
		assertThat(output).contains("a gRPC call failed unexpectedly").contains("The database has been closed");
	}

	@Test
	void aFailureWithAStatusOfItsOwnKeepsIt(CapturedOutput output) {
		StatusException status = this.handler
			.handleException(Status.FAILED_PRECONDITION.withDescription("sold out").asRuntimeException());
		assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION);
		assertThat(status.getStatus().getDescription()).isEqualTo("sold out");
		assertThat(output).doesNotContain("failed unexpectedly");
	}

	@Test
	void comesAfterTheUnavailableStatusInTheServicesHandlers() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(TelemetryAutoConfiguration.class))
			.withPropertyValues("lab.traces.file.enabled=false")
			.run((context) -> {
				List<GrpcExceptionHandler> handlers = context.getBeanProvider(GrpcExceptionHandler.class)
					.orderedStream()
					.toList();
				assertThat(handlers).hasSize(2);
				assertThat(handlers.get(0)).isInstanceOf(UnavailableStatus.class);
				assertThat(handlers.get(1)).isInstanceOf(InternalStatus.class);
			});
	}

}
