package io.latencylab.meals.soap;

import java.io.IOException;
import java.io.InputStream;

import org.apache.axiom.om.OMException;

import org.springframework.ws.soap.axiom.AxiomSoapMessage;
import org.springframework.ws.soap.axiom.AxiomSoapMessageCreationException;
import org.springframework.ws.soap.axiom.AxiomSoapMessageFactory;

/**
 * AXIOM's messages, with each request read whole as it arrives. AXIOM reads lazily, so a request
 * that breaks off, is not well-formed or passes the body limit halfway would fail later, in
 * whichever step first touched the bad part, as a Server fault. Read here, it fails where
 * {@link MalformedXmlFaultAdapter} answers it with a Client fault, before any endpoint runs. The
 * payload is read into a tree anyway: schema validation and JAXB both read it.
 */
class WholeRequestMessageFactory extends AxiomSoapMessageFactory {

	@Override
	public AxiomSoapMessage createWebServiceMessage(InputStream inputStream) throws IOException {
		AxiomSoapMessage message = super.createWebServiceMessage(inputStream);
		try {
			message.getAxiomMessage().build();
		}
		catch (OMException ex) {
			throw new AxiomSoapMessageCreationException("could not read the request: " + ex.getMessage(), ex);
		}
		return message;
	}

}
