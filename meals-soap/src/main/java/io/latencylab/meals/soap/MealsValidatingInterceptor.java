package io.latencylab.meals.soap;

import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Collectors;
import javax.xml.transform.TransformerException;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

import org.springframework.ws.context.MessageContext;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.soap.server.endpoint.interceptor.PayloadValidatingInterceptor;

/** Validates every request against meals.xsd and refuses an invalid one with this service's fault. */
class MealsValidatingInterceptor extends PayloadValidatingInterceptor {

	private final MealsFaults faults;

	private final ObservationRegistry observations;

	MealsValidatingInterceptor(MealsFaults faults, ObservationRegistry observations) {
		this.faults = faults;
		this.observations = observations;
	}

	/** Schema validation gets a span of its own, {@code soap.validate}. */
	@Override
	public boolean handleRequest(MessageContext messageContext, Object endpoint)
			throws IOException, SAXException, TransformerException {
		try {
			return Observation.createNotStarted("soap.validate", this.observations)
				.observeChecked(() -> super.handleRequest(messageContext, endpoint));
		}
		catch (IOException | SAXException | TransformerException | RuntimeException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	protected boolean handleRequestValidationErrors(MessageContext messageContext, SAXParseException[] errors) {
		String problems = Arrays.stream(errors).map(SAXParseException::getMessage).collect(Collectors.joining("; "));
		this.faults.write((SoapMessage) messageContext.getResponse(), MealsFaults.Code.SCHEMA_INVALID,
				"the request does not match the meals schema: " + problems);
		return false;
	}

}
