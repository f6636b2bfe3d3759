package io.latencylab.load.jmeter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.jmeter.JMeter;
import org.apache.jmeter.save.SaveService;
import org.apache.jorphan.collections.HashTree;

/** Plans read as JMeter reads them, from a home unpacked once per test JVM. */
final class Plans {

	private static Path home;

	private Plans() {
	}

	static synchronized Path home() throws IOException {
		if (home == null) {
			home = JMeterHome.unpack(Files.createTempDirectory("jmeter-home"));
			JMeterHome.use(home);
		}
		return home;
	}

	static HashTree load(Path plan) throws IOException {
		home();
		return JMeter.convertSubTree(SaveService.loadTree(plan.toFile()), true);
	}

	/** The project's studies' plans, from the module's folder (Maven runs tests there). */
	static Path studyPlan(String name) {
		return Path.of("plans", name);
	}

	static Path testPlan(String name) {
		return Path.of("src/test/resources", name);
	}

}
