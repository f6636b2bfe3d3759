package io.latencylab.meals.soap;

import io.latencylab.meals.MealsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointExceptionResolver;
import org.springframework.ws.soap.SoapMessage;

/**
 * Turns every exception an endpoint throws into a fault. Domain refusals are Client faults with
 * the domain's reason as code; anything else is a Server fault that does not leak internals.
 */
class MealsFaultResolver implements EndpointExceptionResolver, Ordered {

	private static final Logger logger = LoggerFactory.getLogger(MealsFaultResolver.class);

	private final MealsFaults faults;

	MealsFaultResolver(MealsFaults faults) {
		this.faults = faults;
	}

	@Override
	public boolean resolveException(MessageContext messageContext, Object endpoint, Exception ex) {
		SoapMessage response = (SoapMessage) messageContext.getResponse();
		ObservedMethodEndpointAdapter.recordFailure(messageContext, ex);
		if (ex instanceof MealsException refused) {
			this.faults.write(response, MealsFaults.Code.valueOf(refused.reason().name()), refused.getMessage());
		}
		else if (ex instanceof UnknownOperationException unknown) {
			this.faults.write(response, MealsFaults.Code.UNKNOWN_OPERATION, unknown.getMessage());
		}
		else {
			logger.error("SOAP endpoint {} failed", endpoint, ex);
			this.faults.write(response, MealsFaults.Code.INTERNAL_ERROR, "the meals service failed to handle the request");
		}
		return true;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
