package io.latencylab.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ReferenceServer;
import io.latencylab.lab.results.Settling;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.observability.Convergence;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * Warms a lab that is up, outside any run ({@code ./lab warm}, {@code ./lab up --warm}): a study's
 * warm-up targets until they settle, so that whatever measures next (Gatling, JMeter, wrk, a
 * student's curl) meets the steady services. Its windows go to runs/warm-&lt;time&gt;/windows.
 */
public final class WarmUpSession {

	private WarmUpSession() {
	}

	/** The warm-up's verdict and its folder (runs/warm-&lt;time&gt;). */
	public record Warmed(Settling settling, Path dir) {
	}

	public static Warmed warm(Path project, Deployment deployment, InjectorHost injector, Step warmUp, PrintStream out)
			throws IOException, InterruptedException {
		String runId = "warm-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
		Path dir = Files.createDirectories(project.resolve("runs").resolve(runId));
		Map<String, String> targets = new LinkedHashMap<>(deployment.topology().targets());
		Progress progress = new Progress(List.of(warmUp), out);
		progress.startStep(0);
		Settling settling;
		boolean noise = ReferenceServer.forNoise(targets, deployment.topology(), !injector.remote(), progress::say);
		try (GatlingStep gatling = new GatlingStep(project, injector);
				ReferenceServer reference = noise
						? ReferenceServer.start(targets.get(Targets.MEALS_REST.name()), dir.resolve("reference")) : null) {
			if (reference != null) {
				targets.put(Targets.REFERENCE.name(), reference.url());
			}
			settling = new Warming(Convergence.DEFAULT, deployment.topology(), progress).remembering(Warmth.of(project))
				.measuringNoise(noise)
				.warm(warmUp, dir.resolve("windows"),
					Warming.Windows.through(gatling, runId, targets, progress));
		}
		return new Warmed(settling, dir);
	}

}
