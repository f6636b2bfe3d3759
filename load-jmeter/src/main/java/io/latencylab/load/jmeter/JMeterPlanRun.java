package io.latencylab.load.jmeter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.latencylab.load.LoadRecorder;
import io.latencylab.plan.JMeterLoad;
import io.latencylab.plan.Parameters;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/**
 * One JMeter test plan, run as a lab step in a JVM of its own:
 * {@code JMeterPlanRun PLAN.jmx [-Jname=value …]}, the -J properties as JMeter's own command line
 * takes them (a plan reads them with __P). The plan runs as JMeter would run it, with three
 * additions at its top level (a fresh traceparent before every sample and the headers that send
 * it; the lab's recorder) and the changes of {@link PlanChanges}, each written to changes.txt.
 * JMeter's own results go beside the lab's: results.jtl (CSV, with each sample's trace id) and
 * jmeter.log, in lab.jmeter.output.
 * <p>
 * Exit 0 when the plan ran (its samples' errors are in the results), 2 for a wrong argument or a
 * plan JMeter cannot read, 1 when the run failed.
 */
public final class JMeterPlanRun {

	private JMeterPlanRun() {
	}

	public static void main(String[] args) {
		List<String> problems = new ArrayList<>();
		Path plan = (args.length > 0) ? Path.of(args[0]) : null;
		if (plan == null) {
			problems.add("no plan: JMeterPlanRun PLAN.jmx [-Jname=value …]");
		}
		else if (!Files.isRegularFile(plan)) {
			problems.add("no plan at " + plan.toAbsolutePath());
		}
		Map<String, String> properties = new LinkedHashMap<>();
		for (int i = 1; i < args.length; i++) {
			int equals = args[i].indexOf('=');
			if (!args[i].startsWith("-J") || equals < 3) {
				problems.add("not a JMeter property (-Jname=value): " + args[i]);
				continue;
			}
			properties.put(args[i].substring(2, equals), args[i].substring(equals + 1));
		}
		if (!problems.isEmpty()) {
			problems.forEach(System.err::println);
			System.exit(2);
		}
		try {
			System.exit(run(plan, properties, Parameters.fromSystem()));
		}
		catch (IOException | RuntimeException ex) {
			ex.printStackTrace();
			System.exit(1);
		}
	}

	static int run(Path plan, Map<String, String> properties, Parameters parameters) throws IOException {
		Path output = Path.of(parameters.get(JMeterLoad.OUTPUT, Path.of(parameters.resultsDir()).resolveSibling("jmeter").toString()));
		Path home = JMeterHome.unpack(Files.createDirectories(output).resolve("home"));
		// Log4j reads these when JMeter logs its first line.
		System.setProperty("log4j.configurationFile", home.resolve("bin/log4j2.xml").toAbsolutePath().toString());
		System.setProperty("jmeter.logfile", output.resolve("jmeter.log").toAbsolutePath().toString());
		JMeterHome.use(home);
		properties.forEach(JMeterUtils::setProperty);
		// results.jtl keeps each sample's trace id beside JMeter's own columns.
		JMeterUtils.setProperty("sample_variables", TraceContext.TRACE_ID);
		HashTree tree;
		try {
			tree = JMeter.convertSubTree(SaveService.loadTree(plan.toFile()), true);
		}
		catch (IOException | RuntimeException ex) {
			System.err.println("JMeter cannot read the plan " + plan + ": " + ex);
			return 2;
		}
		List<String> changes = parameters.get(JMeterLoad.AS_WRITTEN, false) ? List.of()
				: PlanChanges.dropEmptyHeaderNames(tree);
		Files.write(output.resolve(JMeterLoad.CHANGES), changes);
		changes.forEach((change) -> System.out.println("Plan changed: " + change));
		Object testPlan = tree.getArray()[0];
		if (!(testPlan instanceof TestPlan)) {
			System.err.println("not a test plan: " + plan + " starts with " + testPlan.getClass().getSimpleName());
			return 2;
		}
		LoadRecorder recorder = new LoadRecorder("jmeter-" + baseName(plan), parameters);
		HashTree top = tree.getTree(testPlan);
		top.add(new TraceContext());
		top.add(TraceContext.headers(recorder.runId()));
		String population = parameters.get(JMeterLoad.POPULATION, "");
		top.add(new LabSamples(recorder, population.isEmpty() ? "" : population + ": "));
		ResultCollector jtl = new ResultCollector();
		jtl.setName("latency-lab results.jtl");
		jtl.setFilename(output.resolve("results.jtl").toAbsolutePath().toString());
		top.add(jtl);
		StandardJMeterEngine engine = new StandardJMeterEngine();
		engine.configure(tree);
		// In this thread, until every thread group has ended.
		engine.run();
		return 0;
	}

	private static String baseName(Path plan) {
		String name = plan.getFileName().toString();
		return name.endsWith(".jmx") ? name.substring(0, name.length() - 4) : name;
	}

}
