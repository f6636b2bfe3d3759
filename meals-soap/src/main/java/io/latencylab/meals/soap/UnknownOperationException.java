package io.latencylab.meals.soap;

import javax.xml.namespace.QName;

/** A request whose payload root names no operation of MealsPort. */
class UnknownOperationException extends RuntimeException {

	UnknownOperationException(QName payloadRoot) {
		super("no operation of MealsPort takes " + payloadRoot
				+ "; the WSDL at /ws/meals.wsdl lists the operations");
	}

}
