package io.latencylab.lab.deploy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A system a study runs beside the lab's services on one deployment (an object store and the cache
 * in front of it, a storage emulator): the study knows how to run it, the deployment when. A study
 * declares its systems as {@link Kind}s; a deployment asks each kind for its own instance.
 */
public interface BackingSystem {

	/**
	 * The lab's service it stands beside (bare): up starts it with that service or beside one already
	 * running, and down stops it with that service. Empty: beside the lab as a whole.
	 */
	default Optional<String> beside() {
		return Optional.empty();
	}

	/** By {@code up}, before the services start: what an earlier life left and no longer holds. */
	default void prepare() throws IOException, InterruptedException {
	}

	/** By {@code up}, once the services are ready: starts what this machine has, and says what it did or why not. */
	default void up() throws IOException, InterruptedException {
	}

	/**
	 * The ports its {@code up} would bind on this machine, each with what binds it: none for what
	 * already runs (bare). Up refuses before starting anything when another process holds one.
	 */
	default Map<Integer, String> portsToBind() {
		return Map.of();
	}

	/** By {@code down}, before the services stop. */
	default void down() throws IOException, InterruptedException {
	}

	/** Its processes on this machine by name, for the lab's CPU and memory readings (bare). */
	default Map<String, ProcessHandle> processes() {
		return Map.of();
	}

	/** `./lab status`'s line of each of its parts (bare). */
	default Map<String, String> status() {
		return Map.of();
	}

	/** What a service the lab starts is given by this system's settings now (bare: its command line). */
	default List<String> serviceArguments(String service) {
		return List.of();
	}

	/** The compose services it adds when the lab runs only its own (compose like bare). */
	default List<String> composeServices() {
		return List.of();
	}

	/** Variables every compose command gets, for the compose files to read (compose). */
	default Map<String, String> composeEnvironment() {
		return Map.of();
	}

	/** A study's system as each deployment runs it; empty where that deployment does not run it. */
	interface Kind {

		default Optional<BackingSystem> on(BareDeployment bare) {
			return Optional.empty();
		}

		default Optional<BackingSystem> on(ComposeDeployment compose) {
			return Optional.empty();
		}

	}

	/** The first of {@code systems} that is a {@code type}. */
	static <T> Optional<T> find(List<BackingSystem> systems, Class<T> type) {
		return systems.stream().filter(type::isInstance).map(type::cast).findFirst();
	}

}
