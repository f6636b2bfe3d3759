package io.latencylab.lab.cli;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.latencylab.lab.deploy.Cores;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.net.Link;
import io.latencylab.lab.run.LabRun;
import io.latencylab.lab.study.RunHook;
import io.latencylab.observability.Bands;
import io.latencylab.plan.Plan;

/**
 * What `./lab run`'s options make of a run, checked before anything starts: the plan and everything
 * a {@link LabRun} is set up with, whichever deployment it runs on.
 *
 * @param described what the run's header names as injected (the --inject points, the distance, the regions)
 */
record RunSettings(Plan plan, List<String> injections, boolean warmUp, Cores cores, Duration roundTrip,
		Map<String, Link> regions, List<String> described, Bands bands, List<RunHook> hooks) {

	/** A run of the plan on {@code deployment}, set up as the options say (its injectors: the deployment's own). */
	LabRun on(Deployment deployment) {
		return new LabRun(Lab.PROJECT, deployment, System.out).distance(this.roundTrip)
			.regions(this.regions)
			.bands(this.bands)
			.hooks(this.hooks);
	}

}
