package io.latencylab.load.toystore;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import io.latencylab.load.Answers;
import io.latencylab.load.LabHttp;
import io.latencylab.load.LoadRecorder;
import io.latencylab.load.OperationLoad;
import io.latencylab.load.Requests;
import io.latencylab.plan.Operation;
import io.latencylab.plan.OutsideLoad;
import io.latencylab.plan.Parameters;

import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.repeat;

/** The requests of seed 001's toy store, at the frontend the parameters name. */
public final class ToyRequests {

	/** More of a study toy than the restocker ever stocks it to (100): the catalog refuses it, every time. */
	static final int REFUSED_QUANTITY = 1_000_000;

	/** Sales in a row before each refusal in {@link #buys}' warm-up. */
	static final int SALES_PER_REFUSAL = 4;

	private final Requests requests;

	public ToyRequests(Parameters parameters) {
		this.requests = new Requests(parameters);
	}

	public HttpRequestActionBuilder query(String toyExpression) {
		return this.requests.of("query", OutsideLoad.toyQuery(toyExpression));
	}

	public HttpRequestActionBuilder buy(String toyExpression) {
		return this.requests.of("buy", OutsideLoad.toyBuy(toyExpression));
	}

	/**
	 * A query or a buy ({@link Operation#TOY_QUERY}, {@link Operation#TOY_BUY}) of a toy drawn
	 * from {@code toys} for each request, recorded under {@code group}; a buy's 409 (sold out) is an
	 * answer. The steps (the study's ten toys) and the warm-up's windows (the one toy wrk asks for)
	 * both send through this one chain, so that the windows warm the generator's own code for the
	 * steps: a generator warmed on other code compiled through the steps it measured. Both draw the
	 * same way, as code the JIT saw with one kind of draw is thrown away when it meets another.
	 */
	public ChainBuilder call(Answers recorder, String group, Operation operation, List<String> toys) {
		boolean buy = switch (operation) {
			case TOY_BUY -> true;
			case TOY_QUERY -> false;
			default -> throw new IllegalArgumentException(operation.label() + " is no toy store request");
		};
		HttpRequestActionBuilder request = this.requests.of(group,
				buy ? OutsideLoad.toyBuy("#{toy}") : OutsideLoad.toyQuery("#{toy}"));
		return exec((session) -> session.set("toy", toys.get(ThreadLocalRandom.current().nextInt(toys.size()))))
			.exec(buy ? LabHttp.call(recorder, group, request, 200, 409) : LabHttp.call(recorder, group, request));
	}

	/**
	 * The toy-buy operation as the warm-up, the sweeps and the open model send it: wrk's buy of the
	 * deep-stock toy, through the steps' chain. Its warm-up sends, after every {@value #SALES_PER_REFUSAL}
	 * buys, one the store refuses (409), sent and not recorded: the steps' toys sell out, and a refusal
	 * has a path of its own (the order written FAILED before the answer, the error path through three
	 * services). Without it, a step's first refusals ran that path on cold code.
	 */
	public OperationLoad buys(String group) {
		HttpRequestActionBuilder refusal = this.requests.of("refused buy",
				OutsideLoad.toyBuy(OutsideLoad.QUERIED_TOY, REFUSED_QUANTITY));
		return new OperationLoad() {

			@Override
			public ChainBuilder chain(LoadRecorder recorder) {
				return call(recorder, group, Operation.TOY_BUY, List.of(OutsideLoad.DEEP_STOCK_TOY));
			}

			@Override
			public ChainBuilder warmUp(LoadRecorder recorder) {
				return repeat(SALES_PER_REFUSAL).on(chain(recorder))
					.exec(LabHttp.unrecorded(recorder.runId(), refusal, 409));
			}

		};
	}

}
