package io.latencylab.lab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.deploy.Factors;
import io.latencylab.lab.deploy.StartUp;
import io.latencylab.lab.net.NetworkProbe;
import io.latencylab.lab.report.DeploymentComparison;
import io.latencylab.lab.report.Report;
import io.latencylab.lab.results.RunData;
import io.latencylab.lab.study.Studies;

/**
 * `./lab run --compare A,B`: run i of each side for i = 1…N, A first when i is odd and B first when
 * it is even, each side started for its run and stopped after it (both publish the same ports), so
 * that a drift of the machine over the session falls on both sides alike; then each run's report
 * and the comparison.
 */
final class ComparisonSession {

	private final RunSettings settings;

	/** The two sides by name, in the order given. */
	private final Map<String, Deployment> sides;

	private final int repeat;

	ComparisonSession(RunSettings settings, Map<String, Deployment> sides, int repeat) {
		this.settings = settings;
		this.sides = sides;
		this.repeat = repeat;
	}

	/** @return the command's exit code: 0, or 1 when a step failed */
	int run() throws Exception {
		for (Deployment deployment : this.sides.values()) {
			if (deployment.isUp()) {
				throw new IllegalStateException("the lab is up (" + deployment.mode()
						+ "): ./lab down (or ./lab down --compose) first, since each side starts its own");
			}
		}
		Path probeFiles = NetworkProbe.files(Lab.PROJECT.resolve("runs/services/network-probe"));
		Map<String, List<Path>> runDirs = new LinkedHashMap<>();
		this.sides.keySet().forEach((side) -> runDirs.put(side, new ArrayList<>()));
		for (int i = 1; i <= this.repeat; i++) {
			List<String> order = new ArrayList<>(this.sides.keySet());
			if (i % 2 == 0) {
				Collections.reverse(order);
			}
			for (String side : order) {
				runDirs.get(side).add(runOn(side, i, probeFiles));
			}
		}
		return writeReports(runDirs);
	}

	/** Run {@code i} on one side, started for it and stopped after it, with its factors, start-up and path beside it. */
	private Path runOn(String side, int i, Path probeFiles) throws Exception {
		Deployment deployment = this.sides.get(side);
		System.out.printf(Locale.ROOT, "%nRun %d of %d on %s (%s)%n", i, this.repeat, side, deployment.mode());
		long start = System.nanoTime();
		deployment.up(this.settings.injections());
		StartUp startUp = StartUp.of(deployment, (System.nanoTime() - start) / 1e9);
		try {
			Path dir = this.settings.on(deployment)
				.run(this.settings.plan().repetition(i), this.settings.described(), this.settings.warmUp(),
						this.settings.cores());
			Factors.of(deployment).write(dir);
			startUp.write(dir);
			// The path alone, after the run: the services are idle by now. A probe that fails
			// costs its section of the comparison, not the runs.
			try (AutoCloseable server = deployment.probeHost()
				.orElseThrow(() -> new IOException("the lab cannot start the network probe's server where "
						+ deployment.describe() + " runs"))
				.startProbeServer(probeFiles)) {
				Files.write(dir.resolve(NetworkProbe.CSV), NetworkProbe.measure(NetworkProbe.PORT, 5000, 10).csv());
			}
			catch (IOException ex) {
				System.err.println("The network probe failed on " + side + ": " + ex.getMessage());
			}
			return dir;
		}
		finally {
			deployment.down();
		}
	}

	private int writeReports(Map<String, List<Path>> runDirs) throws IOException {
		long failed = 0;
		Map<String, List<RunData>> runs = new LinkedHashMap<>();
		for (Map.Entry<String, List<Path>> side : runDirs.entrySet()) {
			List<RunData> data = new ArrayList<>();
			for (Path dir : side.getValue()) {
				RunData run = RunData.read(dir);
				Report.write(run, Studies.all());
				failed += run.manifest().steps().stream().filter((s) -> s.exitCode() != 0).count();
				data.add(run);
			}
			runs.put(side.getKey(), data);
		}
		List<String> names = new ArrayList<>(this.sides.keySet());
		String a = names.get(0);
		String b = names.get(1);
		Path dir = Lab.PROJECT.resolve("runs")
			.resolve(runs.get(a).getFirst().manifest().runId() + "-" + a + "-vs-" + b + "-x" + this.repeat);
		Path html = DeploymentComparison.write(new DeploymentComparison.Sides(a, runs.get(a), b, runs.get(b)), dir,
				Studies.all());
		System.out.println("Comparison (Markdown): " + Lab.PROJECT.relativize(dir.resolve("comparison.md")));
		System.out.println("Comparison: " + Lab.PROJECT.relativize(html));
		if (failed > 0) {
			System.err.println(failed + " step(s) failed; see their gatling.log");
			return 1;
		}
		return 0;
	}

}
