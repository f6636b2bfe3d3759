package io.latencylab.meals.soap;

import java.lang.reflect.Method;
import javax.xml.namespace.QName;

import org.springframework.core.Ordered;
import org.springframework.util.ReflectionUtils;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.endpoint.MethodEndpoint;
import org.springframework.ws.server.endpoint.mapping.AbstractEndpointMapping;
import org.springframework.ws.server.endpoint.support.PayloadRootUtils;
import org.springframework.xml.transform.TransformerHelper;

/**
 * Consulted last: maps any payload that no operation takes to an endpoint that refuses it with a
 * Client fault. Without it Spring-WS answers such a request with a bare HTTP 404.
 */
class UnknownOperationEndpointMapping extends AbstractEndpointMapping {

	private static final Method REJECT = ReflectionUtils.findMethod(UnknownOperationEndpointMapping.class, "reject",
			MessageContext.class);

	private final TransformerHelper transformerHelper = new TransformerHelper();

	UnknownOperationEndpointMapping() {
		setOrder(Ordered.LOWEST_PRECEDENCE);
	}

	@Override
	protected Object getEndpointInternal(MessageContext messageContext) {
		return new MethodEndpoint(this, REJECT);
	}

	void reject(MessageContext messageContext) throws Exception {
		QName root = PayloadRootUtils.getPayloadRootQName(messageContext.getRequest().getPayloadSource(),
				this.transformerHelper);
		throw new UnknownOperationException(root);
	}

}
