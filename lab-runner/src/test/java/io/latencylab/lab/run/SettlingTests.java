package io.latencylab.lab.run;

import java.util.ArrayList;
import java.util.List;

import io.latencylab.observability.Request;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SettlingTests {

	/** n answers of a group, every one taking ms (and one failed answer, which no p50 counts). */
	private static List<Request> answers(String group, int n, double ms) {
		List<Request> requests = new ArrayList<>();
		for (int i = 0; i < n; i++) {
			requests.add(new Request(group, "t" + i, i, ms, 200, null, true));
		}
		requests.add(new Request(group, "failed", n, 10_000, 500, null, false));
		return requests;
	}

	private static List<Request> round(double query, double buy) {
		List<Request> round = new ArrayList<>(answers("toy-query", 100, query));
		round.addAll(answers("toy-buy", 50, buy));
		return round;
	}

	@Test
	void theWarmUpHasSettledWhenEveryOperationsP50StayedWithinATenthTwiceInARow() {
		Settling settling = new Settling();
		settling.add(round(4.0, 20.0));
		settling.add(round(2.0, 18.5));
		settling.add(round(1.9, 17.0));
		// The buy has moved by -8% and -8%, but the query only once by less than a tenth.
		assertThat(settling.settled()).isFalse();
		settling.add(round(1.85, 16.5));
		assertThat(settling.settled()).isTrue();
		assertThat(settling.rounds()).isEqualTo(3);
		assertThat(settling.text(10)).startsWith("settled after 3 rounds of 10s (each operation's p50 within 10%");
	}

	@Test
	void oneOperationStillImprovingKeepsTheWarmUpGoingAndIsNamed() {
		Settling settling = new Settling();
		settling.add(round(1.0, 30.0));
		settling.add(round(1.0, 20.0));
		settling.add(round(1.02, 12.0));
		assertThat(settling.settled()).isFalse();
		assertThat(settling.text(10)).startsWith("not settled after 2 rounds of 10s")
			.endsWith("still moving in the last: toy-buy -40%");
		// A step back within the tenth does not count as settled until it has held twice.
		settling.add(round(1.0, 11.5));
		assertThat(settling.settled()).isFalse();
		settling.add(round(1.0, 11.2));
		assertThat(settling.settled()).isTrue();
	}

	@Test
	void aRoundOfTooFewAnswersIsNotJudgedAndASequencesRequestsAreOneOperation() {
		Settling settling = new Settling();
		List<Request> first = new ArrayList<>(answers("soap-study: soap getMeal", 15, 5.0));
		first.addAll(answers("soap-study: soap addOrder", 15, 5.0));
		settling.add(first);
		settling.add(answers("soap-study: soap getMeal", 5, 1.0));
		assertThat(Settling.parse(settling.property())).containsOnlyKeys("soap-study");
		assertThat(Settling.parse(settling.property()).get("soap-study").get(1)).isNaN();
		assertThat(settling.settled()).as("nothing could be compared").isFalse();
		assertThat(settling.text(10)).endsWith("no operation could be judged");
	}

	@Test
	void theP50sRoundTripThroughTheManifest() {
		Settling settling = new Settling();
		settling.add(round(4.0, 20.0));
		settling.add(answers("toy-query", 40, 2.5));
		List<Double> buy = Settling.parse(settling.property()).get("toy-buy");
		assertThat(buy.get(0)).isCloseTo(20.0, within(1e-9));
		assertThat(buy.get(1)).as("no buy answered in the round").isNaN();
		assertThat(Settling.parse(settling.property()).get("toy-query")).containsExactly(4.0, 2.5);
		assertThat(Settling.parse(null)).isEmpty();
	}

}
