package io.latencylab.lab.tls;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lab's CA: what it writes, that its server certificate checks out, and whom a client trusts. */
class LabCaTests {

	@TempDir
	Path dir;

	@Test
	void theServerCertificateIsSignedByTheCaForTheLabsNames() throws Exception {
		LabCa ca = LabCa.in(this.dir);
		X509Certificate caCertificate = certificates(ca.caCertificate()).get(0);
		List<X509Certificate> chain = certificates(ca.serverCertificate());
		assertThat(chain).hasSize(2);
		X509Certificate server = chain.get(0);
		server.verify(caCertificate.getPublicKey());
		server.checkValidity();
		assertThat(caCertificate.getBasicConstraints()).isZero();
		assertThat(server.getBasicConstraints()).isEqualTo(-1);
		assertThat(server.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
		assertThat(server.getSubjectAlternativeNames()).extracting((name) -> (String) name.get(1))
			.contains("localhost", "object-store", "object-cache", "127.0.0.1");
		assertThat(Files.readString(ca.serverPem())).startsWith("-----BEGIN PRIVATE KEY-----")
			.contains("-----BEGIN CERTIFICATE-----");
		assertThat(Files.getPosixFilePermissions(ca.serverKey())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
		assertThat(Files.getPosixFilePermissions(this.dir.resolve("ca.key")))
			.isEqualTo(PosixFilePermissions.fromString("rw-------"));
	}

	@Test
	void theTrustStoreHoldsTheCaAlone() throws Exception {
		LabCa ca = LabCa.in(this.dir);
		KeyStore trust = KeyStore.getInstance("PKCS12");
		try (InputStream in = Files.newInputStream(ca.trustStore())) {
			trust.load(in, LabCa.TRUST_STORE_PASSWORD.toCharArray());
		}
		assertThat(java.util.Collections.list(trust.aliases())).containsExactly("latency-lab-ca");
		assertThat(trust.getCertificate("latency-lab-ca")).isEqualTo(certificates(ca.caCertificate()).get(0));
	}

	@Test
	void aCaMadeWithoutATrustStoreGetsOne() throws Exception {
		LabCa ca = LabCa.in(this.dir);
		Files.delete(ca.trustStore());
		LabCa.in(this.dir);
		assertThat(ca.trustStore()).isRegularFile();
	}

	@Test
	void aSecondUseKeepsTheFirstCa() throws Exception {
		String first = Files.readString(LabCa.in(this.dir).caCertificate());
		assertThat(Files.readString(LabCa.in(this.dir).caCertificate())).isEqualTo(first);
	}

	@Test
	void aClientTrustsTheLabsServerAndOnlyWithTheLabsCa() throws Exception {
		LabCa ca = LabCa.in(this.dir);
		try (SSLServerSocket server = (SSLServerSocket) serverContext(ca).getServerSocketFactory().createServerSocket(0)) {
			Thread.ofVirtual().start(() -> {
				for (int i = 0; i < 2; i++) {
					try (SSLSocket accepted = (SSLSocket) server.accept(); OutputStream out = accepted.getOutputStream()) {
						out.write('k');
					}
					catch (Exception ex) {
						// The untrusting client hangs up during the handshake.
					}
				}
			});
			try (SSLSocket client = (SSLSocket) ca.clientContext().getSocketFactory().createSocket("localhost", server.getLocalPort());
					InputStream in = client.getInputStream()) {
				assertThat(in.read()).isEqualTo('k');
			}
			try (SSLSocket untrusting = (SSLSocket) SSLContext.getDefault().getSocketFactory()
				.createSocket("localhost", server.getLocalPort())) {
				assertThatThrownBy(untrusting::startHandshake).isInstanceOf(SSLHandshakeException.class);
			}
		}
	}

	private static SSLContext serverContext(LabCa ca) throws Exception {
		PrivateKey key;
		try (Reader reader = Files.newBufferedReader(ca.serverKey()); PEMParser parser = new PEMParser(reader)) {
			key = new JcaPEMKeyConverter().getPrivateKey((PrivateKeyInfo) parser.readObject());
		}
		KeyStore store = KeyStore.getInstance("PKCS12");
		store.load(null, null);
		store.setKeyEntry("server", key, new char[0], certificates(ca.serverCertificate()).toArray(Certificate[]::new));
		KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
		keys.init(store, new char[0]);
		SSLContext context = SSLContext.getInstance("TLS");
		context.init(keys.getKeyManagers(), null, null);
		return context;
	}

	@SuppressWarnings("unchecked")
	private static List<X509Certificate> certificates(Path file) throws Exception {
		try (InputStream in = Files.newInputStream(file)) {
			return (List<X509Certificate>) List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
		}
	}

}
