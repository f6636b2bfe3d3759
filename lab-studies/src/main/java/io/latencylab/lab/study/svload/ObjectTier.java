package io.latencylab.lab.study.svload;

import java.io.IOException;
import java.util.Optional;

import io.latencylab.lab.deploy.BackingSystem;
import io.latencylab.lab.deploy.BareDeployment;
import io.latencylab.lab.deploy.ComposeDeployment;
import io.latencylab.load.svload.StoreWrites;

/**
 * Seed 003's system beside the lab's services: the object store (the lab's, or OpenStack Swift),
 * Varnish in front of it and HTTPS in front of Varnish, with the study's settings before and after
 * tuning. Bare, the lab runs them as processes ({@link BareObjectTier}); under compose, as
 * containers ({@link ComposeObjectTier}).
 */
public interface ObjectTier {

	/** The lab's object store, a service of the lab's that the cache tier fronts by default. */
	String OBJECT_STORE = "object-store";

	/** How a report names the lab's store behind the cache. */
	String LAB_STORE_DESCRIBED = StoreWrites.LAB_STORE + " (" + OBJECT_STORE + ", Spring Boot)";

	/** Started bare where the lab runs its object store; under compose, always. */
	BackingSystem.Kind KIND = new BackingSystem.Kind() {

		@Override
		public Optional<BackingSystem> on(BareDeployment bare) {
			return bare.services().names().contains(OBJECT_STORE) ? Optional.of(new BareObjectTier(bare)) : Optional.empty();
		}

		@Override
		public Optional<BackingSystem> on(ComposeDeployment compose) {
			return Optional.of(new ComposeObjectTier(compose));
		}

	};

	/** The tuning the object store and its cache tier run with now (see {@link Tuning}). */
	Tuning tuning();

	/**
	 * Restarts the object store and its cache tier with {@code tuning}'s settings, and waits until
	 * they answer again: the study's before and after in one run.
	 */
	void tune(Tuning tuning) throws IOException, InterruptedException;

	/** What the cache tier fronts now. */
	ObjectBackend backend();

	/** Puts {@code backend} behind the cache tier (starting it when it does not run) and waits until both answer. */
	void use(ObjectBackend backend) throws IOException, InterruptedException;

	/** What {@link #backend} is, as a report names it ("OpenStack Swift 2.30.0 …"). */
	String describe();

}
