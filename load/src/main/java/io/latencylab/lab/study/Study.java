package io.latencylab.lab.study;

import io.latencylab.lab.plan.Plan;
import io.latencylab.lab.report.ReportSection;

/**
 * A published study the lab reproduces: one package under io.latencylab.lab.study holding its
 * plan at laptop and at full scale, its tables and charts, and its published figures
 * (published.json beside it). The registry finds every implementation in those packages.
 */
public interface Study extends ReportSection {

	/** What `./lab run` takes: "seed-001". */
	String name();

	/** The seed file's number ("001"), or "all" for the tour. */
	String seed();

	/** The paper, as a reader would cite it. */
	String paper();

	/** One line: what the plan runs. */
	String summary();

	/** The plan at laptop scale, or at the study's own scale. */
	Plan plan(boolean full);

}
