package io.latencylab.lab;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The engine starts the load generator in JVMs of its own, from the load module's class path file:
 * neither the load generator nor Gatling nor the Azure SDK is on the engine's own class path.
 */
class EngineClassPathTests {

	@Test
	void theEnginesClassPathHoldsNoLoadGeneratorGatlingOrAzureSdk() {
		for (String name : new String[] { "io.latencylab.load.LoadRecorder", "io.gatling.javaapi.core.Simulation",
				"com.azure.core.http.HttpClient" }) {
			assertThatExceptionOfType(ClassNotFoundException.class).as(name).isThrownBy(() -> Class.forName(name));
		}
	}

}
