package dev.vigil.server.scan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;
import java.io.StringReader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Each parser's failure becomes its place only: the message names a line and column, never the file's text. */
class ParseErrorTest {

    private static final String TOKEN = "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";

    @Test
    void jacksonJsonFailureGivesItsLineAndColumn() {
        Throwable thrown = catchThrowable(() -> new ObjectMapper().readTree("{\n  \"token\": " + TOKEN + "\n}"));

        assertThat(thrown.getMessage()).contains(TOKEN);
        assertThat(ParseError.at(thrown)).isEqualTo(new ParseError(2, 12));
        assertThat(ParseError.at(thrown).message()).isEqualTo("cannot parse this file at line 2, column 12");
    }

    @Test
    void yamlFailureGivesItsLine() {
        Throwable thrown = catchThrowable(() -> new YAMLMapper().readTree("a: 1\nb: " + TOKEN + ": [\n"));

        assertThat(ParseError.at(thrown).line()).isEqualTo(2);
    }

    @Test
    void saxFailureGivesItsLineAndColumn() {
        Throwable thrown = catchThrowable(() -> SAXParserFactory.newInstance().newSAXParser().getXMLReader()
                .parse(new InputSource(new StringReader("<project>\n<" + TOKEN + "></project>"))));

        assertThat(thrown).isInstanceOf(SAXParseException.class).hasMessageContaining(TOKEN);
        assertThat(ParseError.at(thrown).line()).isEqualTo(2);
        assertThat(ParseError.at(thrown).message()).doesNotContain(TOKEN);
    }

    @Test
    void staxFailureGivesItsLine() {
        Throwable thrown = catchThrowable(() -> {
            XMLStreamReader reader = XMLInputFactory.newFactory().createXMLStreamReader(
                    new StringReader("<project>\n\n<" + TOKEN + "></project>"));
            while (reader.hasNext()) {
                reader.next();
            }
        });

        assertThat(ParseError.at(thrown).line()).isEqualTo(3);
    }

    @Test
    void ownFailureWrappingALibrarysGivesTheLibrarysPlace() {
        Throwable library = catchThrowable(() -> new ObjectMapper().readTree("[1,\n\n " + TOKEN + "]"));

        assertThat(ParseError.at(new MalformedFileException("malformed JSON", library)).line()).isEqualTo(3);
        assertThat(ParseError.at(new MalformedFileException("unclosed block", 7))).isEqualTo(new ParseError(7, 0));
    }

    @Test
    void failureWithoutAPlaceSaysOnlyThatTheFileCannotBeParsed() {
        ParseError error = ParseError.at(new NumberFormatException("For input string: \"" + TOKEN + "\""));

        assertThat(error).isEqualTo(ParseError.UNKNOWN);
        assertThat(error.message()).isEqualTo("cannot parse this file");
    }
}
