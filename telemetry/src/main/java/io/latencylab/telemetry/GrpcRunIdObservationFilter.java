package io.latencylab.telemetry;

import io.grpc.Metadata;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.binder.grpc.GrpcServerObservationContext;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationFilter;

/**
 * A gRPC server span starts before the caller's baggage is in scope, like an HTTP one; this reads
 * the run id straight from the call's {@code baggage} header and puts it on the server span.
 */
class GrpcRunIdObservationFilter implements ObservationFilter {

	private static final Metadata.Key<String> BAGGAGE = Metadata.Key.of("baggage", Metadata.ASCII_STRING_MARSHALLER);

	@Override
	public Observation.Context map(Observation.Context context) {
		if (context instanceof GrpcServerObservationContext grpc && grpc.getCarrier() != null) {
			String runId = runId(grpc.getCarrier().get(BAGGAGE));
			if (runId != null) {
				context.addHighCardinalityKeyValue(KeyValue.of(RunIdSpanProcessor.RUN_ID, runId));
			}
		}
		return context;
	}

	/** The lab.run.id entry of a W3C baggage header: "k1=v1;prop, lab.run.id=run-7". */
	static String runId(String baggage) {
		if (baggage == null) {
			return null;
		}
		for (String member : baggage.split(",")) {
			String[] pair = member.split(";", 2)[0].split("=", 2);
			if (pair.length == 2 && pair[0].strip().equals(RunIdSpanProcessor.RUN_ID)) {
				return java.net.URLDecoder.decode(pair[1].strip(), java.nio.charset.StandardCharsets.UTF_8);
			}
		}
		return null;
	}

}
