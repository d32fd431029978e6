package dev.chokepoint.collector.cli;

import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@code --rules FILE} in every command: an existing file, checked before any recording starts. */
public final class RulesFileConverter implements CommandLine.ITypeConverter<Path> {

    @Override
    public Path convert(String value) {
        Path file = Path.of(value);
        if (!Files.isRegularFile(file)) {
            throw new CommandLine.TypeConversionException(value + " does not exist; give the path of a rules YAML file");
        }
        return file;
    }
}
