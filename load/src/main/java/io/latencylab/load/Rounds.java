package io.latencylab.load;

import java.util.List;

import io.gatling.javaapi.core.PopulationBuilder;

/** Populations one after another: each starts when every user of the one before it is done. */
public final class Rounds {

	private Rounds() {
	}

	public static PopulationBuilder inSequence(List<PopulationBuilder> rounds) {
		PopulationBuilder chain = rounds.getLast();
		for (int i = rounds.size() - 2; i >= 0; i--) {
			chain = rounds.get(i).andThen(chain);
		}
		return chain;
	}

}
