package io.latencylab.meals.soap;

import java.util.Locale;

import io.latencylab.meals.soap.contract.FaultDetail;

import org.springframework.oxm.Marshaller;
import org.springframework.ws.soap.SoapBody;
import org.springframework.ws.soap.SoapFault;
import org.springframework.ws.soap.SoapMessage;

/**
 * Writes this service's SOAP 1.1 faults: faultcode Client when the request is at fault and Server
 * when the service is, a faultstring a person can read, and a {@code faultDetail} element from
 * meals.xsd with a machine-readable code.
 */
class MealsFaults {

	enum Code {

		MEAL_NOT_FOUND(true), ORDER_NOT_FOUND(true), DUPLICATE_NAME(true), INVALID_INPUT(true), SCHEMA_INVALID(true),
		MALFORMED_XML(true), UNKNOWN_OPERATION(true), BODY_TOO_LARGE(true), INTERNAL_ERROR(false);

		private final boolean clientFault;

		Code(boolean clientFault) {
			this.clientFault = clientFault;
		}

		boolean isClientFault() {
			return this.clientFault;
		}

	}

	private final Marshaller marshaller;

	MealsFaults(Marshaller marshaller) {
		this.marshaller = marshaller;
	}

	/** Replaces the body of {@code message} by a fault. */
	void write(SoapMessage message, Code code, String faultString) {
		SoapBody body = message.getSoapBody();
		SoapFault fault = code.isClientFault() ? body.addClientOrSenderFault(faultString, Locale.ENGLISH)
				: body.addServerOrReceiverFault(faultString, Locale.ENGLISH);
		FaultDetail detail = new FaultDetail();
		detail.setCode(code.name());
		detail.setMessage(faultString);
		try {
			this.marshaller.marshal(detail, fault.addFaultDetail().getResult());
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException("could not write the fault detail", ex);
		}
	}

}
