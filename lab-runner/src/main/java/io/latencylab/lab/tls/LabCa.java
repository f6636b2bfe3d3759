package io.latencylab.lab.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The lab's own certificate authority, made on first use in one folder (data/tls by default):
 * {@code ca.crt}, the CA's certificate, the one thing the lab's clients trust; {@code server.crt}
 * and {@code server.key}, a certificate it signed for the names the lab's HTTPS endpoints answer
 * to (localhost, 127.0.0.1, ::1 and the compose services' names), as a Spring Boot PEM bundle
 * reads them; and {@code server.pem}, key and chain in one file, as a TLS proxy reads it. The CA's
 * private key is kept beside them (ca.key, owner only) so that a new server certificate can be
 * signed; delete the folder to start over. P-256 keys, SHA-256 signatures.
 */
public final class LabCa {

	/** The trust store's password: it holds a public certificate only, so it protects nothing. */
	public static final String TRUST_STORE_PASSWORD = "latency-lab";

	/** The names every server certificate holds. */
	public static final List<String> DNS_NAMES = List.of("localhost", "object-store", "object-cache", "object-tls");

	public static final List<String> IP_ADDRESSES = List.of("127.0.0.1", "::1");

	private static final Duration CA_VALIDITY = Duration.ofDays(3650);

	/** Within the 825 days that clients such as browsers still accept for a server certificate. */
	private static final Duration SERVER_VALIDITY = Duration.ofDays(825);

	private final Path dir;

	private LabCa(Path dir) {
		this.dir = dir;
	}

	/** The CA in {@code dir}, made there first if it is not. */
	public static LabCa in(Path dir) {
		LabCa ca = at(dir);
		if (!Files.isRegularFile(ca.serverPem())) {
			ca.create();
		}
		else if (!Files.isRegularFile(ca.trustStore())) {
			// A CA made before the lab wrote trust stores.
			ca.writeTrustStore();
		}
		return ca;
	}

	/** Where the CA in {@code dir} keeps its files, whether or not it has been made. */
	public static LabCa at(Path dir) {
		return new LabCa(dir.toAbsolutePath());
	}

	public Path caCertificate() {
		return this.dir.resolve("ca.crt");
	}

	public Path serverCertificate() {
		return this.dir.resolve("server.crt");
	}

	public Path serverKey() {
		return this.dir.resolve("server.key");
	}

	public Path serverPem() {
		return this.dir.resolve("server.pem");
	}

	/** The CA's certificate as a PKCS#12 trust store, for Java clients configured by file (Gatling). */
	public Path trustStore() {
		return this.dir.resolve("ca-truststore.p12");
	}

	/** The arguments that give a Spring Boot service the server's certificate as SSL bundle {@code name}. */
	public List<String> springBundleArguments(String name) {
		String prefix = "--spring.ssl.bundle.pem." + name + ".keystore.";
		return List.of(prefix + "certificate=file:" + serverCertificate(), prefix + "private-key=file:" + serverKey());
	}

	/** A TLS context that trusts this CA and nothing else (not even the JDK's own CAs). */
	public SSLContext clientContext() {
		try {
			KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
			trust.load(null, null);
			try (var in = Files.newInputStream(caCertificate())) {
				trust.setCertificateEntry("latency-lab-ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
			}
			TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trustManagers.init(trust);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, trustManagers.getTrustManagers(), new SecureRandom());
			return context;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void create() {
		try {
			Files.createDirectories(this.dir);
			Instant now = Instant.now();
			X500Name caName = new X500Name("CN=latency-lab local CA,O=latency-lab");
			KeyPair caKeys = keyPair();
			JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
			X509v3CertificateBuilder ca = new JcaX509v3CertificateBuilder(caName, serial(),
					Date.from(now.minus(Duration.ofDays(1))), Date.from(now.plus(CA_VALIDITY)), caName, caKeys.getPublic())
				.addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
				.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
				.addExtension(Extension.subjectKeyIdentifier, false, extensions.createSubjectKeyIdentifier(caKeys.getPublic()));
			X509Certificate caCertificate = sign(ca, caKeys.getPrivate());

			KeyPair serverKeys = keyPair();
			GeneralName[] names = new GeneralName[DNS_NAMES.size() + IP_ADDRESSES.size()];
			int i = 0;
			for (String name : DNS_NAMES) {
				names[i++] = new GeneralName(GeneralName.dNSName, name);
			}
			for (String address : IP_ADDRESSES) {
				names[i++] = new GeneralName(GeneralName.iPAddress, address);
			}
			X509v3CertificateBuilder server = new JcaX509v3CertificateBuilder(caCertificate, serial(),
					Date.from(now.minus(Duration.ofDays(1))), Date.from(now.plus(SERVER_VALIDITY)),
					new X500Name("CN=localhost,O=latency-lab"), serverKeys.getPublic())
				.addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
				.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
				.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
				.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names))
				.addExtension(Extension.authorityKeyIdentifier, false, extensions.createAuthorityKeyIdentifier(caCertificate));
			X509Certificate serverCertificate = sign(server, caKeys.getPrivate());

			write(this.dir.resolve("ca.key"), pem(new JcaPKCS8Generator(caKeys.getPrivate(), null).generate()), true);
			write(caCertificate(), pem(caCertificate), false);
			write(serverKey(), pem(new JcaPKCS8Generator(serverKeys.getPrivate(), null).generate()), true);
			write(serverCertificate(), pem(serverCertificate) + pem(caCertificate), false);
			writeTrustStore();
			// Last: its presence says the folder is complete.
			write(serverPem(), Files.readString(serverKey()) + Files.readString(serverCertificate()), true);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot make the lab's CA in " + this.dir, ex);
		}
		catch (GeneralSecurityException | OperatorCreationException ex) {
			throw new IllegalStateException("cannot make the lab's CA", ex);
		}
	}

	private void writeTrustStore() {
		try (var in = Files.newInputStream(caCertificate())) {
			KeyStore trust = KeyStore.getInstance("PKCS12");
			trust.load(null, null);
			trust.setCertificateEntry("latency-lab-ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
			Path temporary = trustStore().resolveSibling(trustStore().getFileName() + ".tmp");
			try (var out = Files.newOutputStream(temporary)) {
				trust.store(out, TRUST_STORE_PASSWORD.toCharArray());
			}
			Files.move(temporary, trustStore(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot write the lab's trust store in " + this.dir, ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("cannot write the lab's trust store", ex);
		}
	}

	private static KeyPair keyPair() throws GeneralSecurityException {
		KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
		generator.initialize(new ECGenParameterSpec("secp256r1"));
		return generator.generateKeyPair();
	}

	private static BigInteger serial() {
		return new BigInteger(64, new SecureRandom()).add(BigInteger.ONE);
	}

	private static X509Certificate sign(X509v3CertificateBuilder certificate, PrivateKey key)
			throws OperatorCreationException, GeneralSecurityException {
		return new JcaX509CertificateConverter()
			.getCertificate(certificate.build(new JcaContentSignerBuilder("SHA256withECDSA").build(key)));
	}

	private static String pem(Object object) throws IOException {
		StringWriter text = new StringWriter();
		try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
			writer.writeObject(object);
		}
		return text.toString();
	}

	/** Written whole or not at all; keys readable by their owner only. */
	private static void write(Path file, String content, boolean secret) throws IOException {
		Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
		Files.writeString(temporary, content);
		if (secret && temporary.getFileSystem().supportedFileAttributeViews().contains("posix")) {
			Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
		}
		Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

}
