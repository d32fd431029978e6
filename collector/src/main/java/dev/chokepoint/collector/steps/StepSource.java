package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a run's steps come from: the CLI option and its file, or nothing (then they are detected
 * from the server's request rate).
 */
public record StepSource(Kind kind, Path file) {

    public enum Kind {
        SCHEDULE("--steps-file", "--steps"), K6("--k6-json", null), JMETER("--jtl", null), DETECTED(null, null);

        private final String option;
        /** The option's name before it was renamed, still found in run.json of older runs. */
        private final String oldOption;

        Kind(String option, String oldOption) {
            this.option = option;
            this.oldOption = oldOption;
        }

        public String option() {
            return option;
        }

        public static Kind ofOption(String option) {
            for (Kind kind : values()) {
                if (option != null && (option.equals(kind.option) || option.equals(kind.oldOption))) {
                    return kind;
                }
            }
            return DETECTED;
        }
    }

    public static StepSource detected() {
        return new StepSource(Kind.DETECTED, null);
    }

    /**
     * The steps a run was recorded with ({@code stepsOption}/{@code stepsFile} of its run.json): the
     * file of that name beside run.json when there is one (the run folder's own copy: the engine
     * writes its schedule there, and a folder copied or renamed must not read the schedule a newer
     * run left at the old path, as a retried scenario's first try did), else the file where it was;
     * detected when the run had none.
     */
    public static StepSource recordedWith(Path runDir, String stepsOption, String stepsFile) {
        Kind kind = Kind.ofOption(stepsOption);
        if (kind == Kind.DETECTED || stepsFile == null) {
            return detected();
        }
        Path file = Path.of(stepsFile);
        Path beside = runDir.resolve(file.getFileName());
        return new StepSource(kind, Files.exists(beside) ? beside : file);
    }

    public List<Step> steps(RunData run) throws IOException, StepsException {
        if (file != null && !Files.isRegularFile(file)) {
            throw new StepsException(file, 0, "does not exist; " + kind.option()
                    + " names the file the load tool writes (check the tool's output option and the path)");
        }
        PlateauDetector detector = PlateauDetector.defaults();
        return switch (kind) {
            case SCHEDULE -> ScheduleFile.read(file);
            case K6 -> ClientSteps.read(new K6JsonLog(file), Step.Source.K6, detector);
            case JMETER -> ClientSteps.read(new JtlLog(file), Step.Source.JMETER, detector);
            case DETECTED -> ServerRateSteps.detect(run, detector);
        };
    }
}
