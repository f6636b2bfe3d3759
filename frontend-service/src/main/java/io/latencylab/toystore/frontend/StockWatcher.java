package io.latencylab.toystore.frontend;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import io.latencylab.toystore.api.CatalogGrpc;
import io.latencylab.toystore.api.StockChange;
import io.latencylab.toystore.api.WatchStockRequest;

import org.springframework.context.SmartLifecycle;

/**
 * Keeps the product cache fresh: follows the catalog's WatchStock stream and drops the entry of
 * every toy whose stock changed. When the stream breaks, the cache goes dark and the watcher
 * reconnects every second.
 */
class StockWatcher implements SmartLifecycle {

	private final ManagedChannel catalogChannel;

	private final ProductCache cache;

	private final ScheduledExecutorService reconnects = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("stock-watcher").daemon().factory());

	private volatile boolean running;

	StockWatcher(ManagedChannel catalogChannel, ProductCache cache) {
		this.catalogChannel = catalogChannel;
		this.cache = cache;
	}

	@Override
	public void start() {
		this.running = true;
		subscribe();
	}

	private void subscribe() {
		if (!this.running) {
			return;
		}
		CatalogGrpc.newStub(this.catalogChannel).watchStock(WatchStockRequest.getDefaultInstance(), new StreamObserver<>() {
			@Override
			public void onNext(StockChange change) {
				StockWatcher.this.cache.invalidate(change.getName());
			}

			@Override
			public void onError(Throwable broken) {
				reconnectLater();
			}

			@Override
			public void onCompleted() {
				reconnectLater();
			}
		});
		this.cache.connected();
	}

	private void reconnectLater() {
		this.cache.disconnected();
		if (this.running) {
			this.reconnects.schedule(this::subscribe, 1, TimeUnit.SECONDS);
		}
	}

	@Override
	public void stop() {
		this.running = false;
		this.reconnects.shutdownNow();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
