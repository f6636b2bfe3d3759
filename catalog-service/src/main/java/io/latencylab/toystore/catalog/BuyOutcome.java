package io.latencylab.toystore.catalog;

/** What a Buy did: took stock, replayed an earlier take, or refused. */
record BuyOutcome(Result result, String toyName, int quantityLeft) {

	enum Result {
		TAKEN, REPLAYED, NOT_FOUND, INSUFFICIENT_STOCK
	}

	static BuyOutcome replayed(String toyName) {
		return new BuyOutcome(Result.REPLAYED, toyName, -1);
	}

	static BuyOutcome refused(Result result) {
		return new BuyOutcome(result, null, -1);
	}

}
