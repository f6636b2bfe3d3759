package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.latencylab.lab.results.RunData;
import io.latencylab.lab.results.RunData.StepData;

import static io.latencylab.lab.report.Format.num;

/** The report's server CPU and memory: over the run as charts, and each service's during each step. */
final class ResourcesSection implements ReportSection {

	@Override
	public void report(RunData run, ReportDocument doc, Path charts) throws IOException {
		doc.heading(2, "Server CPU and memory");
		if (run.resources().isEmpty()) {
			doc.text("No resource samples were taken.");
			return;
		}
		long start = run.resources().getFirst().epochMillis();
		Map<String, List<double[]>> cpu = new TreeMap<>();
		Map<String, List<double[]>> memory = new TreeMap<>();
		for (RunData.ResourceRow row : run.resources()) {
			double t = (row.epochMillis() - start) / 1000.0;
			cpu.computeIfAbsent(row.service(), (k) -> new ArrayList<>()).add(new double[] { t, row.cpuPercent() });
			if (!Double.isNaN(row.memoryMib())) {
				memory.computeIfAbsent(row.service(), (k) -> new ArrayList<>()).add(new double[] { t, row.memoryMib() });
			}
		}
		Charts.lines(charts.resolve("cpu.png"), "server CPU", "seconds into the run", "% of one core", cpu, false);
		doc.image("charts/cpu.png", "CPU of every service over the run");
		Charts.lines(charts.resolve("memory.png"), "server memory", "seconds into the run",
				memoryLabel(run.manifest().mode()), memory, false);
		doc.image("charts/memory.png", "memory of every service over the run");
		List<List<String>> rows = new ArrayList<>();
		for (StepData step : run.steps()) {
			long from = Instant.parse(step.record().start()).toEpochMilli();
			long to = Instant.parse(step.record().end()).toEpochMilli();
			usage(run, from, to).forEach((service, acc) -> {
				if (acc[0] / acc[1] >= 1) {
					rows.add(List.of(step.record().name(), service, num(acc[0] / acc[1]), num(acc[2])));
				}
			});
		}
		doc.text("Mean CPU (percent of one core; this machine has " + run.manifest().machine().get("cores")
				+ ") and the most memory of each service during each step, where it used 1% or more:");
		doc.table(List.of("step", "service", "mean CPU %", "max MiB"), rows);
	}

	/** Per service, over the samples from {@code from} to {@code to}: CPU summed, samples, most memory. */
	static Map<String, double[]> usage(RunData run, long from, long to) {
		Map<String, double[]> byService = new TreeMap<>();
		for (RunData.ResourceRow row : run.resources()) {
			if (row.epochMillis() >= from && row.epochMillis() <= to) {
				double[] acc = byService.computeIfAbsent(row.service(), (k) -> new double[3]);
				acc[0] += row.cpuPercent();
				acc[1]++;
				acc[2] = Math.max(acc[2], row.memoryMib());
			}
		}
		return byService;
	}

	/** What a deployment's memory figure is: a bare process's resident set, a container's use, a JVM's own count. */
	static String memoryLabel(String mode) {
		return mode.equals("bare") ? "resident MiB" : mode.startsWith("external") ? "JVM memory in use, MiB" : "container MiB";
	}

}
