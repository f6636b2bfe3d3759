package io.latencylab.meals.soap;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.core.Ordered;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointInterceptor;
import org.springframework.ws.server.endpoint.MethodEndpoint;
import org.springframework.ws.server.endpoint.adapter.DefaultMethodEndpointAdapter;

/**
 * Spring-WS has no observation support, so without this a SOAP call is one opaque HTTP span. This
 * adapter splits it where the work happens: {@code soap.unmarshal} (payload XML to JAXB objects),
 * {@code soap.endpoint} (the endpoint method, with the operation name), {@code soap.marshal}
 * (the answer back to XML). The endpoint span starts when the arguments are ready and stops when
 * marshalling starts; when the method throws, {@link #closer()} stops it.
 */
class ObservedMethodEndpointAdapter extends DefaultMethodEndpointAdapter implements Ordered {

	private static final String ENDPOINT_OBSERVATION = ObservedMethodEndpointAdapter.class.getName() + ".endpoint";

	private final ObservationRegistry observations;

	ObservedMethodEndpointAdapter(ObservationRegistry observations) {
		this.observations = observations;
	}

	@Override
	protected Object[] getMethodArguments(MessageContext messageContext, MethodEndpoint methodEndpoint)
			throws Exception {
		String operation = methodEndpoint.getMethod().getName();
		Object[] arguments = observation("soap.unmarshal", operation)
			.observeChecked(() -> super.getMethodArguments(messageContext, methodEndpoint));
		Observation endpoint = observation("soap.endpoint", operation).contextualName("soap " + operation).start();
		messageContext.setProperty(ENDPOINT_OBSERVATION, new OpenObservation(endpoint, endpoint.openScope()));
		return arguments;
	}

	@Override
	protected void handleMethodReturnValue(MessageContext messageContext, Object returnValue,
			MethodEndpoint methodEndpoint) throws Exception {
		stopEndpoint(messageContext, null);
		observation("soap.marshal", methodEndpoint.getMethod().getName())
			.observeChecked(() -> super.handleMethodReturnValue(messageContext, returnValue, methodEndpoint));
	}

	/** Ends the endpoint span of a method that threw (its fault is written after this). */
	EndpointInterceptor closer() {
		return new EndpointInterceptor() {
			@Override
			public boolean handleRequest(MessageContext messageContext, Object endpoint) {
				return true;
			}

			@Override
			public boolean handleResponse(MessageContext messageContext, Object endpoint) {
				return true;
			}

			@Override
			public boolean handleFault(MessageContext messageContext, Object endpoint) {
				return true;
			}

			@Override
			public void afterCompletion(MessageContext messageContext, Object endpoint, Exception ex) {
				stopEndpoint(messageContext, ex);
			}
		};
	}

	/** Marks the endpoint span of a method whose exception became a fault. */
	static void recordFailure(MessageContext messageContext, Exception ex) {
		if (messageContext.getProperty(ENDPOINT_OBSERVATION) instanceof OpenObservation open) {
			open.observation().error(ex);
		}
	}

	private void stopEndpoint(MessageContext messageContext, Exception ex) {
		if (messageContext.getProperty(ENDPOINT_OBSERVATION) instanceof OpenObservation open) {
			messageContext.removeProperty(ENDPOINT_OBSERVATION);
			open.scope().close();
			if (ex != null) {
				open.observation().error(ex);
			}
			open.observation().stop();
		}
	}

	private Observation observation(String name, String operation) {
		return Observation.createNotStarted(name, this.observations).lowCardinalityKeyValue("soap.operation", operation);
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	private record OpenObservation(Observation observation, Observation.Scope scope) {
	}

}
