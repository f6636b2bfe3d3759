package io.latencylab.toystore.api;

import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;

/**
 * A channel whose peer went away backs off before it reconnects, up to minutes. When a peer
 * restarts (a deploy, a kill -9 in the lab), calls should not wait out that backoff: this skips it
 * when the channel is failing, so the next call reconnects at once.
 */
public final class Reconnect {

	private Reconnect() {
	}

	public static ManagedChannel now(ManagedChannel channel) {
		if (channel.getState(false) == ConnectivityState.TRANSIENT_FAILURE) {
			channel.resetConnectBackoff();
		}
		return channel;
	}

}
