package io.latencylab.meals.soap;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import io.latencylab.foreign.meals.AddMealRequest;
import io.latencylab.foreign.meals.GetMealRequest;
import io.latencylab.foreign.meals.GetMealResponse;
import io.latencylab.foreign.meals.MealInput;
import io.latencylab.foreign.meals.MealsPort;
import io.latencylab.foreign.meals.MealsService;
import io.latencylab.foreign.meals.Mealtype;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.SOAPFaultException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A client that knows nothing of this project's classes: JAX-WS stubs that wsimport generated from
 * the WSDL the service serves (a copy in src/test/resources/wsdl, checked here against the live one).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class ForeignClientTests {

	@LocalServerPort
	int port;

	private MealsPort port() {
		MealsPort port = new MealsService().getMealsPortSoap11();
		((BindingProvider) port).getRequestContext()
			.put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, "http://localhost:" + this.port + "/ws");
		return port;
	}

	@Test
	void theClientsWsdlIsTheOneTheServiceServes() throws Exception {
		String served = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/ws/meals.wsdl")).build(),
					HttpResponse.BodyHandlers.ofString())
			.body();
		String copy = new ClassPathResource("wsdl/meals.wsdl").getContentAsString(StandardCharsets.UTF_8);
		// Only the address differs: the copy was taken from a service on port 8081.
		assertThat(served.replace("localhost:" + this.port, "localhost:8081").strip()).isEqualTo(copy.strip());
	}

	@Test
	void getsAMealByName() {
		GetMealRequest request = new GetMealRequest();
		request.setName("steak");
		GetMealResponse response = port().getMeal(request);
		assertThat(response.getMeal().getName()).isEqualTo("Steak");
		assertThat(response.getMeal().getKcal()).isEqualTo(1100);
		assertThat(response.getMeal().getMealtype()).isEqualTo(Mealtype.MEAT);
	}

	@Test
	void addsAMeal() {
		MealInput meal = new MealInput();
		meal.setName("Falafel Wrap");
		meal.setKcal(550);
		meal.setPrice(new BigDecimal("6.50"));
		meal.setDescription("Falafel, hummus and salad");
		meal.setMealtype(Mealtype.VEGAN);
		AddMealRequest request = new AddMealRequest();
		request.setMeal(meal);
		assertThat(port().addMeal(request).getMeal().getId()).hasSize(36);
	}

	@Test
	void seesFaultsAsSoapFaults() {
		GetMealRequest request = new GetMealRequest();
		request.setName("Unobtainium Stew");
		assertThatExceptionOfType(SOAPFaultException.class).isThrownBy(() -> port().getMeal(request))
			.satisfies((ex) -> {
				assertThat(ex.getFault().getFaultCodeAsQName().getLocalPart()).isEqualTo("Client");
				assertThat(ex.getFault().getFaultString()).contains("Unobtainium Stew");
				assertThat(ex.getFault().getDetail().getTextContent()).contains("MEAL_NOT_FOUND");
			});
	}

}
