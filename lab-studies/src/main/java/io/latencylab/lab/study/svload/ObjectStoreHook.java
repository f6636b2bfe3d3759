package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.ComposeDeployment;
import io.latencylab.lab.deploy.Deployment;
import io.latencylab.lab.study.RunHook;
import io.latencylab.lab.study.StudyOption;
import io.latencylab.lab.topology.InjectorHost;
import io.latencylab.load.svload.StoreWrites;
import io.latencylab.load.svload.SvLoadPopulation;
import io.latencylab.plan.Plan;
import io.latencylab.plan.Step;
import io.latencylab.plan.Targets;

/**
 * Seed 003's part of a run: the object store asked for put behind the cache tier while its steps
 * run, each case's tuning set before it, and both put back as they were after the last step.
 */
public final class ObjectStoreHook implements RunHook {

	/** --store: seed 003's option. */
	public static final StudyOption OPTION = new StudyOption("store", "BACKEND", null,
			"What seed 003's cache tier fronts: swift (OpenStack Swift from Debian's packages, as the study ran it; "
					+ "the default with bare services, which start it) or lab (the lab's own object store, traced, its "
					+ "own time in Server-Timing; the default under compose, Kubernetes, a topology and --compare; "
					+ "compose runs Swift too, from the image ops/swift builds). The report names it.");

	/** --store as given; null: {@link #bareDefault} on bare services, the lab's store elsewhere. */
	private final String store;

	private final ObjectBackend bareDefault;

	private ObjectStoreHook(String store, ObjectBackend bareDefault) {
		this.store = store;
		this.bareDefault = bareDefault;
	}

	/**
	 * A run's: --store, else Swift on bare services (as the study ran it) and the lab's store
	 * elsewhere; a comparison's sides front the same store, the lab's unless --store says otherwise.
	 *
	 * @throws IllegalArgumentException for a store that is neither swift nor lab
	 */
	public static ObjectStoreHook of(String store, boolean comparison) {
		if (store != null) {
			try {
				ObjectBackend.named(store);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException(OPTION.flag() + ": " + ex.getMessage(), ex);
			}
		}
		return new ObjectStoreHook(store, comparison ? ObjectBackend.LAB : ObjectBackend.SWIFT);
	}

	/** A run's: --store, else Swift on bare services (as the study ran it) and the lab's store elsewhere. */
	public static ObjectStoreHook forRun(String store) {
		return of(store, false);
	}

	/** A comparison's: both sides front the same store, the lab's unless --store says otherwise. */
	public static ObjectStoreHook forComparison(String store) {
		return of(store, true);
	}

	/** A step of seed 003's: its population or one of its cases. */
	public static boolean readsObjects(Step step) {
		return step.get(SvLoadPopulation.ACCOUNTS) != null;
	}

	/**
	 * What the cache tier fronts on {@code deployment}: --store, else Swift on bare services and the
	 * lab's store elsewhere.
	 *
	 * @throws IllegalArgumentException for a store that is not swift or lab, or Swift where {@code steps}
	 * need it and it cannot run
	 */
	public ObjectBackend backend(Deployment deployment, List<Step> steps) {
		boolean bare = deployment instanceof BareDeployment;
		ObjectBackend backend = (this.store != null) ? ObjectBackend.named(this.store)
				: bare ? this.bareDefault : ObjectBackend.LAB;
		if (backend == ObjectBackend.SWIFT && steps.stream().anyMatch(ObjectStoreHook::readsObjects)) {
			if (!bare && !(deployment instanceof ComposeDeployment)) {
				throw new IllegalArgumentException("--store swift: the lab starts Swift bare or under compose; "
						+ deployment.mode() + " fronts the store its topology names (--store lab)");
			}
			if (bare && !SwiftStore.installed()) {
				throw new IllegalArgumentException(SwiftStore.howToInstall() + "; or --store lab, the lab's own store");
			}
		}
		return backend;
	}

	/** Swift asked for where it cannot run, before anything starts. */
	@Override
	public Optional<String> refuses(Deployment deployment, List<Step> steps, List<InjectorHost> injectors) {
		try {
			backend(deployment, steps);
			return Optional.empty();
		}
		catch (IllegalArgumentException ex) {
			return Optional.of(ex.getMessage());
		}
	}

	@Override
	public Optional<String> cannotRun(Deployment deployment, List<Step> steps) {
		boolean retunes = steps.stream().anyMatch((s) -> s.get(Plan.TUNING) != null);
		if (retunes && deployment.backing(ObjectTier.class).isEmpty()) {
			return Optional.of(ours(deployment)
					? "tuning is for seed 003's object store and cache, which this lab does not run"
					: "the lab cannot restart the object store with other settings, as a step of this plan does, "
							+ "for services it did not start (" + deployment.topology().name() + ")");
		}
		return Optional.empty();
	}

	/** Whether the lab started the services, and so would start the cache tier where they have the store. */
	private static boolean ours(Deployment deployment) {
		return deployment instanceof BareDeployment || deployment instanceof ComposeDeployment;
	}

	@Override
	public Active open(Deployment deployment, List<Step> steps) throws IOException, InterruptedException {
		boolean objectSteps = steps.stream().anyMatch(ObjectStoreHook::readsObjects);
		ObjectBackend backend = objectSteps ? backend(deployment, steps) : ObjectBackend.LAB;
		Optional<ObjectTier> tier = deployment.backing(ObjectTier.class);
		if (tier.isEmpty()) {
			if (objectSteps && ours(deployment)) {
				throw new IllegalStateException("seed 003's cache tier runs in front of " + ObjectTier.OBJECT_STORE
						+ ", which this lab does not run");
			}
			if (backend != ObjectBackend.LAB) {
				throw new IllegalStateException("--store " + backend.key() + ": the lab starts Swift bare or under compose; "
						+ deployment.mode() + " fronts the store its topology names (--store lab)");
			}
			// Elsewhere the cache fronts what the topology names.
			return new Active() {

				@Override
				public Step step(Step step) {
					return readsObjects(step) ? step.with(StoreWrites.BACKEND, StoreWrites.LAB_STORE) : step;
				}

			};
		}
		ObjectBackend before = tier.get().backend();
		if (objectSteps) {
			tier.get().use(backend);
		}
		return new Running(tier.get(), objectSteps ? backend : before, before, objectSteps ? tier.get().describe() : null);
	}

	/** The run's steps with the store behind the cache and the tuning each asks for. */
	private static final class Running implements Active {

		private final ObjectTier tier;

		private final ObjectBackend backend;

		private final ObjectBackend before;

		private final String described;

		private boolean retuned;

		/** Swift's tempauth, where the load generator asks for its token. */
		private String authUrl;

		Running(ObjectTier tier, ObjectBackend backend, ObjectBackend before, String described) {
			this.tier = tier;
			this.backend = backend;
			this.before = before;
			this.described = described;
		}

		@Override
		public void route(Map<String, String> direct) {
			if (this.backend == ObjectBackend.SWIFT) {
				direct.put(Targets.OBJECTS.name(), direct.get(Targets.SWIFT.name()));
				direct.put(Targets.OBJECTS_TLS.name(), direct.get(Targets.SWIFT_TLS.name()));
				this.authUrl = direct.get(Targets.SWIFT.name()) + "/auth/v1.0";
			}
		}

		@Override
		public Map<String, String> targets() {
			Map<String, String> targets = new LinkedHashMap<>();
			if (this.authUrl != null) {
				targets.put(StoreWrites.AUTH_URL.name(), this.authUrl);
				targets.put(StoreWrites.USER.name(), SwiftStore.USER);
				targets.put(StoreWrites.KEY.name(), SwiftStore.KEY);
			}
			return targets;
		}

		/** Its steps carry what stood behind the cache, for the report. */
		@Override
		public Step step(Step step) {
			return (this.described != null && readsObjects(step)) ? step.with(StoreWrites.BACKEND, this.described) : step;
		}

		/** The study's before and after: the store and its cache restarted with other settings. */
		@Override
		public void beforeStep(Step step) throws IOException, InterruptedException {
			String tuning = step.get(Plan.TUNING);
			if (tuning != null && Tuning.named(tuning) != this.tier.tuning()) {
				this.tier.tune(Tuning.named(tuning));
				this.retuned = true;
			}
		}

		/** Swift sends no spans. */
		@Override
		public boolean untraced(Step step) {
			return readsObjects(step) && this.backend == ObjectBackend.SWIFT;
		}

		@Override
		public void close() throws IOException, InterruptedException {
			if (this.retuned && this.tier.tuning() != Tuning.BEFORE) {
				// The lab as it was: a later run (or a user's request) meets the defaults.
				this.tier.tune(Tuning.BEFORE);
			}
			if (this.before != this.backend) {
				this.tier.use(this.before);
			}
		}

	}

}
