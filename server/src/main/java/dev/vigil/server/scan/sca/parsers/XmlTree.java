package dev.vigil.server.scan.sca.parsers;

import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A small XML element tree with the line of each start tag, read by the JDK's SAX parser configured for
 * untrusted input: any DOCTYPE is rejected (so no entity expansion and no external DTD or entity is ever
 * fetched), secure processing is on, and an entity resolver refuses everything.
 */
record XmlTree(String name, String text, int line, List<XmlTree> children) {

    private static final int MAX_TEXT = 4096;

    Optional<XmlTree> child(String childName) {
        return children.stream().filter(c -> c.name.equals(childName)).findFirst();
    }

    List<XmlTree> all(String childName) {
        return children.stream().filter(c -> c.name.equals(childName)).toList();
    }

    /** The trimmed text of a child element, if present and not blank. */
    Optional<String> value(String childName) {
        return child(childName).map(c -> c.text.trim()).filter(s -> !s.isEmpty());
    }

    static XmlTree parse(byte[] content) throws IOException {
        try {
            XMLReader reader = factory().newSAXParser().getXMLReader();
            Builder builder = new Builder();
            reader.setContentHandler(builder);
            reader.setErrorHandler(builder);
            reader.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            reader.parse(new InputSource(new ByteArrayInputStream(content)));
            return builder.root.orElseThrow(() -> new MalformedManifestException("no root element"));
        } catch (SAXException e) {
            throw new MalformedManifestException("malformed XML", e);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static SAXParserFactory factory() throws ParserConfigurationException, SAXException {
        SAXParserFactory factory = SAXParserFactory.newInstance();
        factory.setNamespaceAware(false);
        factory.setValidating(false);
        factory.setXIncludeAware(false);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory;
    }

    /** Builds the tree from SAX events, keeping a stack of open elements. */
    private static final class Builder extends DefaultHandler {
        private final ArrayDeque<Open> open = new ArrayDeque<>();
        private Optional<XmlTree> root = Optional.empty();
        private Locator locator;

        private record Open(String name, int line, StringBuilder text, List<XmlTree> children) {
        }

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes attributes) {
            int line = locator == null ? 1 : locator.getLineNumber();
            String name = qName.substring(qName.indexOf(':') + 1);
            open.push(new Open(name, line, new StringBuilder(), new ArrayList<>()));
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            StringBuilder text = open.isEmpty() ? null : open.peek().text();
            if (text != null && text.length() < MAX_TEXT) {
                text.append(ch, start, Math.min(length, MAX_TEXT - text.length()));
            }
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            Open done = open.pop();
            XmlTree element = new XmlTree(done.name(), done.text().toString(), done.line(), List.copyOf(done.children()));
            if (open.isEmpty()) {
                root = Optional.of(element);
            } else {
                open.peek().children().add(element);
            }
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    }
}
