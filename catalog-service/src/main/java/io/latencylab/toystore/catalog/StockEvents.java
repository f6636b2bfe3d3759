package io.latencylab.toystore.catalog;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.StockChange;

import org.springframework.stereotype.Component;

/** The open WatchStock streams; every committed stock change is sent to each of them. */
@Component
class StockEvents {

	private final Set<StreamObserver<StockChange>> watchers = ConcurrentHashMap.newKeySet();

	void watch(StreamObserver<StockChange> watcher) {
		if (watcher instanceof ServerCallStreamObserver<StockChange> call) {
			call.setOnCancelHandler(() -> this.watchers.remove(watcher));
		}
		this.watchers.add(watcher);
	}

	void publish(String toyName, int quantity) {
		StockChange change = StockChange.newBuilder().setName(toyName).setQuantity(quantity).build();
		for (StreamObserver<StockChange> watcher : this.watchers) {
			// A stream observer is not thread-safe; buys publish from many threads.
			synchronized (watcher) {
				try {
					watcher.onNext(change);
				}
				catch (RuntimeException gone) {
					this.watchers.remove(watcher);
				}
			}
		}
	}

}
