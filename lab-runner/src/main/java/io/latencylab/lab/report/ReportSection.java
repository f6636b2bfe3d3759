package io.latencylab.lab.report;

import java.io.IOException;
import java.nio.file.Path;

import io.latencylab.lab.results.RunData;

/** A part of a run's report that a study adds: its paper's tables with our figures beside them. */
public interface ReportSection {

	/** Writes the section when the run holds steps it reports on; writes nothing otherwise. */
	void report(RunData run, ReportDocument doc, Path charts) throws IOException;

	/**
	 * Writes the section's tables for one plan run on two deployments taking turns (./lab run STUDY
	 * --compare A,B) when the runs hold steps it reports on; writes nothing otherwise, as by default.
	 */
	default void compare(DeploymentComparison.Sides sides, ReportDocument doc) {
	}

}
