package io.latencylab.meals.soap;

import java.util.Arrays;
import java.util.stream.Collectors;

import org.xml.sax.SAXParseException;

import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.server.endpoint.interceptor.PayloadValidatingInterceptor;

/** Validates every request against meals.xsd and refuses an invalid one with this service's fault. */
class MealsValidatingInterceptor extends PayloadValidatingInterceptor {

	private final MealsFaults faults;

	MealsValidatingInterceptor(MealsFaults faults) {
		this.faults = faults;
	}

	@Override
	protected boolean handleRequestValidationErrors(MessageContext messageContext, SAXParseException[] errors) {
		String problems = Arrays.stream(errors).map(SAXParseException::getMessage).collect(Collectors.joining("; "));
		this.faults.write((SoapMessage) messageContext.getResponse(), MealsFaults.Code.SCHEMA_INVALID,
				"the request does not match the meals schema: " + problems);
		return false;
	}

}
