package io.latencylab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.report.ReportDocument;
import io.latencylab.lab.results.Manifest;
import io.latencylab.lab.results.Settling;
import io.latencylab.lab.run.WarmUpSession;
import io.latencylab.plan.Step;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "warm", mixinStandardHelpOptions = true,
		description = { "Warm the lab that is up (bare, --compose, or a --topology file) until it is steady, then print how "
				+ "it settled: each operation at the clients a study measures it at, alone, in windows, until its p50 is "
				+ "steady and its services' JIT quiet (DaCapo's convergence rule with the JIT quiet; see docs/warm-up.md).",
				"Then measure: docker compose up -d --wait && ./lab warm --compose && ./mvnw -pl load -am test-compile gatling:test",
				"It starts and stops nothing; its windows and table go to runs/warm-<time>/." })
final class WarmCommand implements Callable<Integer> {

	@CommandLine.Spec
	CommandLine.Model.CommandSpec spec;

	@CommandLine.Mixin
	DeploymentOptions options = new DeploymentOptions();

	@CommandLine.Mixin
	WarmOptions warm = new WarmOptions();

	@Override
	public Integer call() throws Exception {
		Deployment deployment = this.options.deployment();
		Step warmUp = this.warm.warmUp(this.spec.commandLine(), deployment::starts);
		if (!deployment.isUp()) {
			throw new IllegalStateException("the lab (" + deployment.mode() + ") is not up: start it with ./lab up"
					+ (this.options.compose ? " --compose" : "") + ", or ./lab up --warm to start and warm it");
		}
		return warm(deployment, warmUp, this.options);
	}

	/** Warms a lab that is up and prints the table; 0 when it settled, 3 when not (it is warmer, not steady). */
	static int warm(Deployment deployment, Step warmUp, DeploymentOptions options) throws Exception {
		WarmUpSession.Warmed warmed = WarmUpSession.warm(Lab.PROJECT, deployment, options.injectors(deployment).getFirst(),
				warmUp, System.out);
		Settling settling = warmed.settling();
		String table = warmUpTable("Warm-up of " + deployment.mode() + ": " + warmed.dir().getFileName(), settling)
				+ lapTables(warmed.laps());
		Path file = warmed.dir().resolve("warm.md");
		Files.writeString(file, table);
		// Every window's figures, for scripts: the table shows the p50s only.
		Map<String, Object> json = new LinkedHashMap<>(settling.json());
		json.put("laps", warmed.laps().stream().map(Settling::json).toList());
		Manifest.JSON.writerWithDefaultPrettyPrinter().writeValue(warmed.dir().resolve("warm.json").toFile(), json);
		System.out.println();
		System.out.print(table);
		System.out.println("Written: " + Lab.PROJECT.relativize(file));
		if (!warmed.settled()) {
			System.out.println("Not settled: what you measure now may still carry the JVMs' warm-up (see the table). "
					+ "./lab warm again, or a longer --warm-cap, warms further.");
			return 3;
		}
		return 0;
	}

	/** The laps after the first, each with its verdict and table; after the first lap's table, so that scripts reading
	 * the first table of warm.md (bench/benchlib.py) still read each target's time to steady. */
	static String lapTables(List<Settling> laps) {
		ReportDocument doc = new ReportDocument();
		for (int i = 0; i < laps.size(); i++) {
			doc.heading(2, "Lap " + (i + 2) + ": each target re-judged after the others ran")
				.text("Lap " + (i + 2) + ": " + laps.get(i).text() + ".")
				.table(laps.get(i).headers(), laps.get(i).rows());
		}
		return laps.isEmpty() ? "" : "\n" + doc.markdown();
	}

	/** warm.md: the caption, the one-line verdict and a row a target (bench/benchlib.py reads it too). */
	static String warmUpTable(String title, Settling settling) {
		return new ReportDocument().heading(1, title)
			.text(settling.caption())
			.text("The warm-up: " + settling.text() + ".")
			.table(settling.headers(), settling.rows())
			.markdown();
	}

}
