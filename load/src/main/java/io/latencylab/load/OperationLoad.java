package io.latencylab.load;

import java.util.Map;

import io.gatling.javaapi.core.ChainBuilder;

/**
 * One operation's load as the warm-up, the sweep and the open model send it: its requests, and
 * what it needs before them and tells after them. Each study's package gives its operations'.
 */
@FunctionalInterface
public interface OperationLoad {

	/** The operation's requests, recorded by {@code recorder} under the operation's name. */
	ChainBuilder chain(LoadRecorder recorder);

	/**
	 * The warm-up windows' requests: the operation's own, and what else its steps will meet that its
	 * own requests never do (a toy buy's refusals).
	 */
	default ChainBuilder warmUp(LoadRecorder recorder) {
		return chain(recorder);
	}

	/** Before the load, not counted: what the operation needs made (a table, a queue's messages). */
	default void before() {
	}

	/** After the load: what it did beyond its requests, printed and added to the step's {@code facts}. */
	default void after(Map<String, Object> facts) {
	}

}
