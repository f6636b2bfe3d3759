package io.latencylab.lab.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.ReferenceServer;
import io.latencylab.lab.net.Http;
import io.latencylab.lab.results.Settling;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.observability.Convergence;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;
import io.latencylab.plan.WarmUp;

/**
 * Warms a lab that is up, outside any run ({@code ./lab warm}, {@code ./lab up --warm}): a study's
 * warm-up targets until they settle, so that whatever measures next (Gatling, JMeter, wrk, a
 * student's curl) meets the steady services. Its windows go to runs/warm-&lt;time&gt;/windows.
 * <p>
 * A target settles alone, on JIT profiles of its own operation. When the next target's operation runs
 * through the same services, its types reach code compiled for the first's: HotSpot deoptimizes that code
 * and compiles it again, and the first target, met again by the next run, compiles for seconds and
 * reads slower than it settled. A run's start does the same: its generator asks each service's readiness,
 * and the front end's readiness calls its backends through a third gRPC stub. So after a first lap that
 * warmed any target from cold, each further lap starts as a run does, with every service's readiness asked,
 * and re-judges the targets as the next run will, until a lap finds every one still at its floor (at most
 * {@link #MOST_LAPS} laps in all, within the same cap): what that costs is paid here, once, and not by
 * the first run after it.
 */
public final class WarmUpSession {

	private WarmUpSession() {
	}

	/** The most laps over the targets: the first, and those re-judging it. */
	static final int MOST_LAPS = 3;

	/**
	 * The warm-up's verdict and its folder (runs/warm-&lt;time&gt;).
	 *
	 * @param settling the first lap: each target's time to steady
	 * @param laps the laps after it, each re-judging every target
	 */
	public record Warmed(Settling settling, List<Settling> laps, Path dir) {

		/** Every target settled, in the first lap and in each lap after it. */
		public boolean settled() {
			return this.settling.settled() && this.laps.stream().allMatch(Settling::settled);
		}

	}

	/**
	 * Another lap: the first settled two or more targets, one of them from cold, and the last lap (if any) settled
	 * every target but found one past its floor; at most {@link #MOST_LAPS} in all.
	 */
	static boolean anotherLap(Settling first, List<Settling> laps) {
		boolean firstFromCold = first.targets().size() > 1 && first.settled()
				&& first.targets().stream().anyMatch((t) -> !t.warmBefore());
		if (!firstFromCold || 1 + laps.size() >= MOST_LAPS) {
			return false;
		}
		Settling last = laps.isEmpty() ? null : laps.getLast();
		return last == null || (last.settled() && !last.targets().stream().allMatch((t) -> t.atFloor(last.rule())));
	}

	public static Warmed warm(Path project, Deployment deployment, InjectorHost injector, Step warmUp, PrintStream out)
			throws IOException, InterruptedException {
		String runId = "warm-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
		Path dir = Files.createDirectories(project.resolve("runs").resolve(runId));
		Map<String, String> targets = new LinkedHashMap<>(deployment.topology().targets());
		Progress progress = new Progress(List.of(warmUp), out);
		progress.startStep(0);
		long started = System.nanoTime();
		Duration cap = Warming.orElse(warmUp.get(WarmUp.BUDGET), WarmUp.DEFAULT_CAP);
		Settling settling;
		List<Settling> laps = new ArrayList<>();
		boolean noise = ReferenceServer.forNoise(targets, deployment.topology(), !injector.remote(), progress::say);
		try (GatlingStep gatling = new GatlingStep(project, injector);
				ReferenceServer reference = noise
						? ReferenceServer.start(targets.get(Targets.MEALS_REST.name()), dir.resolve("reference")) : null) {
			if (reference != null) {
				targets.put(Targets.REFERENCE.name(), reference.url());
			}
			Warming warming = new Warming(Convergence.DEFAULT, deployment.topology(), progress).remembering(Warmth.of(project))
				.measuringNoise(noise);
			Warming.Windows windows = Warming.Windows.through(gatling, runId, targets, progress);
			settling = warming.warm(warmUp, dir.resolve("windows"), windows);
			while (anotherLap(settling, laps)) {
				Duration left = cap.minus(Duration.ofNanos(System.nanoTime() - started));
				Duration floors = Warming.orElse(warmUp.get(WarmUp.WINDOW), WarmUp.DEFAULT_WINDOW)
					.multipliedBy((long) settling.targets().size() * settling.rule().minWindows());
				if (left.compareTo(floors) < 0) {
					progress.say("No lap " + (laps.size() + 2) + ": the cap leaves " + Warming.minutes(left.toSeconds())
							+ ", less than the targets' floors (" + Warming.minutes(floors.toSeconds()) + ").");
					break;
				}
				progress.say("Lap " + (laps.size() + 2) + " of at most " + MOST_LAPS + ": each target re-judged after the "
						+ "others ran and each service's readiness asked, as the next run will meet them (their JIT profiles "
						+ "meet in the same services).");
				// As a run's start asks them (GatlingStep's prime).
				GatlingStep.readinessUrls(targets).forEach(Http::get);
				laps.add(warming.lap(warmUp.with(WarmUp.BUDGET, left), dir.resolve("windows-lap" + (laps.size() + 2)), windows,
						settling));
			}
		}
		return new Warmed(settling, List.copyOf(laps), dir);
	}

}
