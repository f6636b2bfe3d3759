package io.latencylab.meals.soap;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.ws.InvalidXmlException;
import org.springframework.ws.soap.SoapMessage;
import org.springframework.ws.transport.http.WebServiceMessageReceiverHandlerAdapter;

/**
 * Answers a request that is not even XML with a Client fault. Spring-WS's own adapter answers it
 * with an empty HTTP 400, which SOAP clients cannot read.
 */
class MalformedXmlFaultAdapter extends WebServiceMessageReceiverHandlerAdapter {

	private final MealsFaults faults;

	MalformedXmlFaultAdapter(MealsFaults faults) {
		this.faults = faults;
	}

	@Override
	protected void handleInvalidXmlException(HttpServletRequest request, HttpServletResponse response,
			Object handler, InvalidXmlException ex) throws Exception {
		SoapMessage fault = (SoapMessage) getMessageFactory().createWebServiceMessage();
		Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
		this.faults.write(fault, MealsFaults.Code.MALFORMED_XML,
				"the request is not a well-formed SOAP message: " + cause.getMessage());
		// WS-I Basic Profile: a SOAP 1.1 fault travels with HTTP 500.
		response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
		response.setContentType("text/xml;charset=UTF-8");
		fault.writeTo(response.getOutputStream());
	}

}
